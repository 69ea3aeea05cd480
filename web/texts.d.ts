// A file a module imports as text (`import NAME from "./x.py";`): its text.
// tools/bundles.py puts the text into the module before the browser sees it.
declare module "*.py" {
  const text: string;
  export default text;
}
