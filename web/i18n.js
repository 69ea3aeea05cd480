// Words of the page in Danish, Swedish and English.
//
// The Danish words come from the Danish help page (seed 000), the Swedish
// words from the Swedish one (seed 001). detectLanguage() picks da / sv from
// the browser's languages and falls back to English; setLanguage() switches;
// t(key, params) returns the word (params fill {name} placeholders). Elements
// with data-i18n="key" get their text, data-i18n-aria="key" their aria-label.

export const LANGUAGES = ["da", "sv", "en"];

/**
 * A language's words: each a text with {name} placeholders, the colours'
 * names, or a count's plural forms ({one, other, …}).
 * @typedef {{[key: string]: string | string[] | Record<string, string>}} Words
 */

/** @type {Record<string, Words>} */
const WORDS = {
  da: {
    title: "Kugler",
    next: "Næste",
    score: "Point",
    record: "Rekord",
    deal: "Omgang",
    time: "Tid",
    undo: "Fortryd",
    menu: "Spil",
    gameWindow: "Spil",
    balls: "Kugler",
    line5: "Fjern: 5 på stribe",
    line4: "4 på stribe",
    newGame: "Nyt spil",
    retry: "Prøv igen",
    stats: "Statistik",
    ranking: "Rangliste",
    help: "Hjælp",
    language: "Sprog",
    close: "Luk",
    closeNotice: "Luk beskeden",
    cancel: "Annuller",
    yes: "Ja",
    gameOver: "Spillet er slut",
    points: "Point",
    moves: "Træk",
    lines: "Rækker",
    linesNone: "ingen",
    newRecord: "Ny rekord!",
    previousRecord: "Tidligere rekord: {points}",
    rankPlace: "Nr. {rank} på ranglisten",
    board: "Bræt",
    cell: "{name}, tom",
    cellBall: "{name}, {color} kugle",
    colors: ["", "rød", "grøn", "blå", "gul", "lyserød", "lyseblå", "orange"],
    loading: "Starter spillet …",
    engineFailed: "Spillet kunne ikke starte.",
    engineFailedNoWasm: "Din browser kan ikke køre spillet (WebAssembly mangler). Prøv en nyere browser.",
    engineFailedDownload: "Spillets filer kunne ikke hentes. Tjek forbindelsen, og prøv igen.",
    engineCrashed: "Spillet stødte på en fejl. Dit spil er gemt; genstart for at spille videre.",
    tryAgain: "Forsøg igen",
    restart: "Genstart",
    confirmVariant: "Vil du skifte udgave og starte et nyt spil? Det spil, du er i gang med, går tabt.",
    confirmLeave: "Vil du starte et nyt spil? Det spil, du er i gang med, går tabt.",
    confirmRetry: "Vil du spille samme omgang forfra? Det spil, du er i gang med, går tabt.",
    confirmDeal: "Vil du spille omgang {deal}? Det spil, du er i gang med, går tabt.",
    confirmDaily: "Vil du spille dagens omgang? Det spil, du er i gang med, går tabt.",
    linkDeal: "Linket åbner omgang {deal} ({variant}). Vil du spille den? Dit spil med {points} point går tabt.",
    linkDaily: "Linket åbner dagens omgang ({variant}). Vil du spille den? Dit spil med {points} point går tabt.",
    linkLine: "Linket starter et nyt spil ({variant}). Vil du spille det? Dit spil med {points} point går tabt.",
    dailyOpened: "Dagens omgang, nr. {deal} ({variant}), er startet.",
    brokenGame: "Det gemte spil var beskadiget og kunne ikke åbnes. Det er lagt til side, og et nyt spil er startet.",
    brokenSettings: "Indstillingerne var beskadigede; standardindstillingerne bruges.",
    brokenRecords: "Rekorderne for »{variant}« var beskadigede og er lagt til side.",
    newerVersion: "Dine data er fra en nyere udgave af spillet og bliver ikke ændret.",
    storageUnavailable: "Rekorder og spil kan ikke gemmes lige nu (browserens lager er ikke tilgængeligt).",
    dealOpened: "Omgang {deal} ({variant}) er startet.",
    shareLink: "Link til denne omgang",
    games: "Spil",
    totalPoints: "Point i alt",
    average: "Gennemsnit",
    best: "Bedste",
    totalTime: "Tid i alt",
    recentScores: "Seneste spil",
    noGames: "Ingen afsluttede spil endnu.",
    date: "Dato",
    rankCol: "Nr.",
    variant5: "5 på stribe",
    variant4: "4 på stribe",
    languageAuto: "Som browseren",
    helpMissing: "Hjælpen kunne ikke hentes.",
    moveFailed: "Trækket kunne ikke udføres.",
    undoNothing: "Der er intet træk at fortryde.",
    fragment_bad_deal: "Omgangens nummer i linket blev ignoreret ({detail}): det skal være et helt tal fra 1 til 999999999.",
    fragment_bad_line: "Udgaven i linket blev ignoreret ({detail}): den skal være 4 eller 5.",
    fragment_unknown_key: "En ukendt del af linket blev ignoreret ({detail}).",
    fragment_duplicate: "En gentaget del af linket blev ignoreret ({detail}).",
    fragment_too_long: "Linket var for langt; resten blev ignoreret.",
    fragment_bad_daily: "Dagens omgang i linket blev ignoreret ({detail}): et link åbner én omgang, og »daily« har ingen værdi.",
    otherTab: "Spillet blev ændret i en anden fane; her er det nu.",
    yourName: "Dit navn på ranglisten",
    saveName: "Gem",
    nameSaved: "Gemt",
    nameCol: "Navn",
    exportData: "Gem en kopi",
    importData: "Hent en kopi",
    exportFailed: "Kopien kunne ikke laves.",
    importBad: "Filen kunne ikke bruges: den er ikke en kopi fra Kugler, eller den er beskadiget. Intet er ændret.",
    importNewer: "Filen er fra en nyere udgave af spillet og kan ikke hentes her. Intet er ændret.",
    importDone: "Kopien er hentet: rekorder, statistik og indstillinger er lagt ind.",
    // layout (issue 15)
    totalMoves: "Træk i alt",
    linesOne: "én række på {length}",
    linesMany: "{count} rækker på {length}",
    chartPoints: "Point",
    chartGames: "Spil, ældste til venstre",
    // options, announcements and keys (issue 16)
    options: "Indstillinger",
    optionsShow: "Visning",
    optMarks: "Vis hvor de næste kugler lander",
    optSymbols: "Figurer på kuglerne",
    optSoundGroup: "Lyd",
    optSound: "Lyd til",
    optVolume: "Lydstyrke",
    optSpeed: "Animationer",
    speedNormal: "Normale",
    speedFast: "Hurtige",
    speedOff: "Fra",
    optLook: "Udseende",
    lookAuto: "Automatisk",
    lookWood: "Træ",
    lookLight: "Lyst",
    lookDark: "Mørkt",
    lookContrast: "Høj kontrast",
    lookClassic: "Klassisk",
    cellComing: "{name}, tom, her lander en {color} kugle",
    annMove: "{color} kugle fra {from} til {to}.",
    annLine: "{count} på række fjernet: {color}, {from} til {to}.",
    annPoints: "{points} point.",
    annSpawn: "Nye kugler: {list}.",
    annBall: "{color} på {cell}",
    annScore: "Point: {score}.",
    annOver: "Spillet er slut med {score} point.",
    annUndo: "Trækket er fortrudt.",
    annNewGame: "Nyt spil nr. {deal}. Kugler på brættet: {list}.",
    annHint: "Hint: {color} kugle fra {from} til {to}.",
    annBlocked: "{cell} kan ikke nås.",
    annPickBall: "Vælg først en kugle, der skal flyttes.",
    annSelect: "{color} kugle på {cell} er valgt.",
    // hint and watch (assist.js)
    hint: "Hint",
    assistQuestion: "Et spil med hjælp kan ikke sætte rekord eller komme på ranglisten; det tæller kun i statistikken. Vil du have hjælp i dette spil?",
    recordHelp: "Spillet har haft hjælp: det kan ikke sætte rekord eller komme på ranglisten.",
    hintNote: "Hint: flyt kuglen på {from} til {to}.",
    hintNone: "Der er intet træk at foreslå.",
    watch: "Se computeren spille",
    watchControls: "Computeren spiller",
    watchSpeed: "Fart",
    watchSlow: "Langsomt",
    watchNormal: "Normalt",
    watchFast: "Hurtigt",
    watchMax: "Så hurtigt som muligt",
    watchPause: "Pause",
    watchResume: "Fortsæt",
    watchStop: "Stop",
    goAssisted: "Spillet havde hjælp: det tæller kun i statistikken.",
    assistedGames: "Spil med hjælp",
    assistedValue: "{games}, {points}",
    countGames: { one: "{n} spil", other: "{n} spil" },
    countPoints: { one: "{n} point", other: "{n} point" },
    recentNone: "Endnu intet spil, du selv har spillet.",
    // replays, sharing and the deal of the day (replay.js, share.js, daily.js)
    daily: "Dagens omgang",
    watchAgain: "Se spillet igen",
    share: "Del",
    shareCopy: "Kopiér linket",
    replayMove: "Træk",
    replayFirst: "Til starten",
    replayPrev: "Forrige træk",
    replayPlay: "Afspil",
    replayPause: "Pause",
    replayNext: "Næste træk",
    replayLast: "Til slutningen",
    replaySpeed: "Fart",
    replaySpeedSlow: "Langsom",
    replaySpeedNormal: "Normal",
    replaySpeedFast: "Hurtig",
    playThisDeal: "Spil denne omgang",
    replayInfo: "Omgang {deal} · {variant}",
    replayAt: "Træk {move} af {moves}",
    replayBad: "Linket til spillet er beskadiget eller ufuldstændigt og kunne ikke åbnes. Dit eget spil er, som det var.",
    reviewGame: "Gennemgå spillet",
    reviewTitle: "Gennemgang af spillet",
    reviewInfo: "Omgang {deal} · {variant} · {moves} træk",
    reviewProgress: "Gennemgået",
    reviewProgressText: "{done} af {total} træk",
    reviewAccuracy: "Præcision: {n} %",
    reviewAccuracyPending: "Præcision: regnes ud …",
    gradebest: "Bedst",
    gradegood: "Godt",
    gradeinaccuracy: "Unøjagtighed",
    grademistake: "Fejl",
    gradeblunder: "Brøler",
    reviewLost: "Point tabt i alt",
    reviewCostliest: "Dyreste træk",
    reviewNoCost: "Ingen træk har kostet point indtil nu.",
    lastGame: "Sidste spil",
    lastGameInfo: "{points} point · {moves} træk",
    accuracy: "Præcision",
    percent: "{n} %",
    lastGameReview: "Se gennemgangen",
    reviewMoveWords: "Træk {move}: {color} {from} → {to}, ca. {points} point; bedre: {bcolor} {bfrom} → {bto}",
    reviewMoveButton: "Træk {move}: {grade}, ca. {points} point",
    reviewGraph: "Point og frie felter gennem spillet",
    reviewFree: "Frie felter",
    reviewGrade: "Vurdering",
    reviewMoves: "Træk med tab",
    reviewPlayed: "Dit træk",
    reviewBetter: "Bedre",
    reviewPrev: "Forrige fejl",
    reviewNext: "Næste fejl",
    reviewShown: "Træk {move}: {grade}, ca. {points} point tabt. Dit træk: {color} {from} → {to}; bedre: {bcolor} {bfrom} → {bto}.",
    replayUnknown: "Dette spil blev gemt uden sine træk og kan ikke ses igen fra starten.",
    linkCopied: "Link kopieret",
    linkNotCopied: "Linket kunne ikke kopieres: {link}",
    shareTitle: "Kugler – omgang {deal}",
    shareDealTitle: "Kugler – omgang {deal}",
    dailyBeaten: "Ny bedste på dagens omgang (før: {points})",
    dailyBest: "Din bedste på dagens omgang: {points}",
    dailyBests: "Dagens omgang: dine bedste",
    fragment_bad_replay: "Linket til spillet er beskadiget eller ufuldstændigt og kunne ikke åbnes ({detail}).",
  },
  sv: {
    title: "Kulor",
    next: "Nästa",
    score: "Poäng",
    record: "Rekord",
    deal: "Giv nr",
    time: "Tid",
    undo: "Ångra",
    menu: "Spel",
    gameWindow: "Spel",
    balls: "Kulor",
    line5: "Mål: 5 i rad",
    line4: "4 i rad",
    newGame: "Nytt spel",
    retry: "Pröva om spel",
    stats: "Statistik",
    ranking: "Ranking",
    help: "Hjälp",
    language: "Språk",
    close: "Stäng",
    closeNotice: "Stäng meddelandet",
    cancel: "Avbryt",
    yes: "Ja",
    gameOver: "Spelet är slut",
    points: "Poäng",
    moves: "Drag",
    lines: "Rader",
    linesNone: "inga",
    newRecord: "Nytt rekord!",
    previousRecord: "Tidigare rekord: {points}",
    rankPlace: "Plats {rank} i Ranking",
    board: "Bräde",
    cell: "{name}, tom",
    cellBall: "{name}, {color} kula",
    colors: ["", "röd", "grön", "blå", "gul", "rosa", "ljusblå", "orange"],
    loading: "Spelet startar …",
    engineFailed: "Spelet kunde inte starta.",
    engineFailedNoWasm: "Din webbläsare kan inte köra spelet (WebAssembly saknas). Prova en nyare webbläsare.",
    engineFailedDownload: "Spelets filer kunde inte hämtas. Kontrollera anslutningen och försök igen.",
    engineCrashed: "Spelet råkade ut för ett fel. Ditt spel är sparat; starta om för att spela vidare.",
    tryAgain: "Försök igen",
    restart: "Starta om",
    confirmVariant: "Byta version och starta ett nytt spel? Spelet du håller på med går förlorat.",
    confirmLeave: "Starta ett nytt spel? Spelet du håller på med går förlorat.",
    confirmRetry: "Spela samma giv från början igen? Spelet du håller på med går förlorat.",
    confirmDeal: "Spela giv nr {deal}? Spelet du håller på med går förlorat.",
    confirmDaily: "Spela dagens giv? Spelet du håller på med går förlorat.",
    linkDeal: "Länken öppnar giv nr {deal} ({variant}). Vill du spela den? Ditt spel med {points} poäng går förlorat.",
    linkDaily: "Länken öppnar dagens giv ({variant}). Vill du spela den? Ditt spel med {points} poäng går förlorat.",
    linkLine: "Länken startar ett nytt spel ({variant}). Vill du spela det? Ditt spel med {points} poäng går förlorat.",
    dailyOpened: "Dagens giv, nr {deal} ({variant}), har startat.",
    brokenGame: "Det sparade spelet var skadat och kunde inte öppnas. Det har lagts åt sidan och ett nytt spel har startat.",
    brokenSettings: "Inställningarna var skadade; standardinställningarna används.",
    brokenRecords: "Rekorden för ”{variant}” var skadade och har lagts åt sidan.",
    newerVersion: "Dina data kommer från en nyare version av spelet och ändras inte.",
    storageUnavailable: "Rekord och spel kan inte sparas just nu (webbläsarens lagring är inte tillgänglig).",
    dealOpened: "Giv nr {deal} ({variant}) har startat.",
    shareLink: "Länk till den här given",
    games: "Spel",
    totalPoints: "Poäng totalt",
    average: "Genomsnitt",
    best: "Bästa",
    totalTime: "Tid totalt",
    recentScores: "Senaste spelen",
    noGames: "Inga avslutade spel ännu.",
    date: "Datum",
    rankCol: "Nr",
    variant5: "5 i rad",
    variant4: "4 i rad",
    languageAuto: "Som webbläsaren",
    helpMissing: "Hjälpen kunde inte hämtas.",
    moveFailed: "Draget kunde inte göras.",
    undoNothing: "Det finns inget drag att ångra.",
    fragment_bad_deal: "Givnumret i länken ignorerades ({detail}): det ska vara ett heltal från 1 till 999999999.",
    fragment_bad_line: "Versionen i länken ignorerades ({detail}): den ska vara 4 eller 5.",
    fragment_unknown_key: "En okänd del av länken ignorerades ({detail}).",
    fragment_duplicate: "En upprepad del av länken ignorerades ({detail}).",
    fragment_too_long: "Länken var för lång; resten ignorerades.",
    fragment_bad_daily: "Dagens giv i länken ignorerades ({detail}): en länk öppnar en giv, och ”daily” har inget värde.",
    otherTab: "Spelet ändrades i en annan flik; här är det nu.",
    yourName: "Ditt namn i Ranking",
    saveName: "Spara",
    nameSaved: "Sparat",
    nameCol: "Namn",
    exportData: "Spara en kopia",
    importData: "Hämta en kopia",
    exportFailed: "Kopian kunde inte göras.",
    importBad: "Filen kunde inte användas: den är ingen kopia från Kulor, eller så är den skadad. Inget har ändrats.",
    importNewer: "Filen kommer från en nyare version av spelet och kan inte hämtas här. Inget har ändrats.",
    importDone: "Kopian är hämtad: rekord, statistik och inställningar har lagts in.",
    // layout (issue 15)
    totalMoves: "Drag totalt",
    linesOne: "en rad med {length}",
    linesMany: "{count} rader med {length}",
    chartPoints: "Poäng",
    chartGames: "Spel, äldsta till vänster",
    // options, announcements and keys (issue 16)
    options: "Inställningar",
    optionsShow: "Visning",
    optMarks: "Visa var nästa kulor hamnar",
    optSymbols: "Figurer på kulorna",
    optSoundGroup: "Ljud",
    optSound: "Ljud på",
    optVolume: "Volym",
    optSpeed: "Animationer",
    speedNormal: "Normala",
    speedFast: "Snabba",
    speedOff: "Av",
    optLook: "Utseende",
    lookAuto: "Automatiskt",
    lookWood: "Trä",
    lookLight: "Ljust",
    lookDark: "Mörkt",
    lookContrast: "Hög kontrast",
    lookClassic: "Klassiskt",
    cellComing: "{name}, tom, här hamnar en {color} kula",
    annMove: "{color} kula från {from} till {to}.",
    annLine: "{count} i rad borta: {color}, {from} till {to}.",
    annPoints: "{points} poäng.",
    annSpawn: "Nya kulor: {list}.",
    annBall: "{color} på {cell}",
    annScore: "Poäng: {score}.",
    annOver: "Spelet är slut med {score} poäng.",
    annUndo: "Draget är ångrat.",
    annNewGame: "Nytt spel, giv nr {deal}. Kulor på brädet: {list}.",
    annHint: "Tips: {color} kula från {from} till {to}.",
    annBlocked: "{cell} går inte att nå.",
    annPickBall: "Välj först en kula att flytta.",
    annSelect: "{color} kula på {cell} är vald.",
    // hint and watch (assist.js)
    hint: "Tips",
    assistQuestion: "Ett spel med hjälp kan inte sätta rekord eller komma med i rankingen; det räknas bara i statistiken. Vill du ha hjälp i det här spelet?",
    recordHelp: "Spelet har haft hjälp: det kan inte sätta rekord eller komma med i rankingen.",
    hintNote: "Tips: flytta kulan på {from} till {to}.",
    hintNone: "Det finns inget drag att föreslå.",
    watch: "Se datorn spela",
    watchControls: "Datorn spelar",
    watchSpeed: "Hastighet",
    watchSlow: "Långsamt",
    watchNormal: "Normalt",
    watchFast: "Snabbt",
    watchMax: "Så snabbt som möjligt",
    watchPause: "Paus",
    watchResume: "Fortsätt",
    watchStop: "Stoppa",
    goAssisted: "Spelet hade hjälp: det räknas bara i statistiken.",
    assistedGames: "Spel med hjälp",
    assistedValue: "{games}, {points}",
    countGames: { one: "{n} spel", other: "{n} spel" },
    countPoints: { one: "{n} poäng", other: "{n} poäng" },
    recentNone: "Ännu inget spel som du spelat själv.",
    // replays, sharing and the deal of the day (replay.js, share.js, daily.js)
    daily: "Dagens giv",
    watchAgain: "Se spelet igen",
    share: "Dela",
    shareCopy: "Kopiera länken",
    replayMove: "Drag",
    replayFirst: "Till början",
    replayPrev: "Föregående drag",
    replayPlay: "Spela upp",
    replayPause: "Paus",
    replayNext: "Nästa drag",
    replayLast: "Till slutet",
    replaySpeed: "Hastighet",
    replaySpeedSlow: "Långsam",
    replaySpeedNormal: "Normal",
    replaySpeedFast: "Snabb",
    playThisDeal: "Spela denna giv",
    replayInfo: "Giv {deal} · {variant}",
    replayAt: "Drag {move} av {moves}",
    replayBad: "Länken till spelet är skadad eller ofullständig och kunde inte öppnas. Ditt eget spel är som det var.",
    reviewGame: "Gå igenom spelet",
    reviewTitle: "Genomgång av spelet",
    reviewInfo: "Omgång {deal} · {variant} · {moves} drag",
    reviewProgress: "Genomgånget",
    reviewProgressText: "{done} av {total} drag",
    reviewAccuracy: "Precision: {n} %",
    reviewAccuracyPending: "Precision: räknas ut …",
    gradebest: "Bäst",
    gradegood: "Bra",
    gradeinaccuracy: "Onoggrannhet",
    grademistake: "Misstag",
    gradeblunder: "Tabbe",
    reviewLost: "Förlorade poäng totalt",
    reviewCostliest: "Dyraste dragen",
    reviewNoCost: "Inget drag har kostat poäng hittills.",
    lastGame: "Senaste spelet",
    lastGameInfo: "{points} poäng · {moves} drag",
    accuracy: "Precision",
    percent: "{n} %",
    lastGameReview: "Visa genomgången",
    reviewMoveWords: "Drag {move}: {color} {from} → {to}, ca {points} poäng; bättre: {bcolor} {bfrom} → {bto}",
    reviewMoveButton: "Drag {move}: {grade}, ca {points} poäng",
    reviewGraph: "Poäng och fria rutor genom spelet",
    reviewFree: "Fria rutor",
    reviewGrade: "Bedömning",
    reviewMoves: "Drag som kostade poäng",
    reviewPlayed: "Ditt drag",
    reviewBetter: "Bättre",
    reviewPrev: "Föregående misstag",
    reviewNext: "Nästa misstag",
    reviewShown: "Drag {move}: {grade}, ca {points} poäng förlorade. Ditt drag: {color} {from} → {to}; bättre: {bcolor} {bfrom} → {bto}.",
    replayUnknown: "Det här spelet sparades utan sina drag och kan inte ses igen från början.",
    linkCopied: "Länken kopierad",
    linkNotCopied: "Länken kunde inte kopieras: {link}",
    shareTitle: "Kulor – giv {deal}",
    shareDealTitle: "Kulor – giv {deal}",
    dailyBeaten: "Nytt bästa på dagens giv (förut: {points})",
    dailyBest: "Ditt bästa på dagens giv: {points}",
    dailyBests: "Dagens giv: dina bästa",
    fragment_bad_replay: "Länken till spelet är skadad eller ofullständig och kunde inte öppnas ({detail}).",
  },
  en: {
    title: "Kugler",
    next: "Next",
    score: "Points",
    record: "Record",
    deal: "Deal",
    time: "Time",
    undo: "Undo",
    menu: "Game",
    gameWindow: "Game",
    balls: "Balls",
    line5: "Remove: 5 in a row",
    line4: "4 in a row",
    newGame: "New game",
    retry: "Try again",
    stats: "Statistics",
    ranking: "Ranking",
    help: "Help",
    language: "Language",
    close: "Close",
    closeNotice: "Close the message",
    cancel: "Cancel",
    yes: "Yes",
    gameOver: "Game over",
    points: "Points",
    moves: "Moves",
    lines: "Lines",
    linesNone: "none",
    newRecord: "New record!",
    previousRecord: "Previous record: {points}",
    rankPlace: "Place {rank} in the ranking",
    board: "Board",
    cell: "{name}, empty",
    cellBall: "{name}, {color} ball",
    colors: ["", "red", "green", "blue", "yellow", "pink", "light blue", "orange"],
    loading: "Starting the game …",
    engineFailed: "The game could not start.",
    engineFailedNoWasm: "Your browser cannot run the game (WebAssembly is missing). Try a newer browser.",
    engineFailedDownload: "The game's files could not be downloaded. Check the connection and try again.",
    engineCrashed: "The game ran into an error. Your game is saved; restart to play on.",
    tryAgain: "Try again",
    restart: "Restart",
    confirmVariant: "Switch the variant and start a new game? The game in progress will be lost.",
    confirmLeave: "Start a new game? The game in progress will be lost.",
    confirmRetry: "Play the same deal again from the start? The game in progress will be lost.",
    confirmDeal: "Play deal {deal}? The game in progress will be lost.",
    confirmDaily: "Play the deal of the day? The game in progress will be lost.",
    linkDeal: "The link opens deal {deal} ({variant}). Play it? Your game in progress, with a score of {points}, will be lost.",
    linkDaily: "The link opens the deal of the day ({variant}). Play it? Your game in progress, with a score of {points}, will be lost.",
    linkLine: "The link starts a new game ({variant}). Play it? Your game in progress, with a score of {points}, will be lost.",
    dailyOpened: "The deal of the day, deal {deal} ({variant}), has started.",
    brokenGame: "The saved game was damaged and could not be opened. It has been put aside and a new game has started.",
    brokenSettings: "The settings were damaged; the defaults are used.",
    brokenRecords: "The records for “{variant}” were damaged and have been put aside.",
    newerVersion: "Your data comes from a newer version of the game and is left unchanged.",
    storageUnavailable: "Records and games cannot be saved right now (the browser's storage is unavailable).",
    dealOpened: "Deal {deal} ({variant}) has started.",
    shareLink: "Link to this deal",
    games: "Games",
    totalPoints: "Total points",
    average: "Average",
    best: "Best",
    totalTime: "Total time",
    recentScores: "Recent games",
    noGames: "No finished games yet.",
    date: "Date",
    rankCol: "No.",
    variant5: "5 in a row",
    variant4: "4 in a row",
    languageAuto: "Like the browser",
    helpMissing: "The help could not be loaded.",
    moveFailed: "The move could not be made.",
    undoNothing: "There is no move to undo.",
    fragment_bad_deal: "The deal number in the link was ignored ({detail}): it must be a whole number from 1 to 999999999.",
    fragment_bad_line: "The variant in the link was ignored ({detail}): it must be 4 or 5.",
    fragment_unknown_key: "An unknown part of the link was ignored ({detail}).",
    fragment_duplicate: "A repeated part of the link was ignored ({detail}).",
    fragment_too_long: "The link was too long; the rest was ignored.",
    fragment_bad_daily: "The deal of the day in the link was ignored ({detail}): a link opens one deal, and “daily” takes no value.",
    otherTab: "The game was changed in another tab; here it is now.",
    yourName: "Your name in the ranking",
    saveName: "Save",
    nameSaved: "Saved",
    nameCol: "Name",
    exportData: "Save a copy",
    importData: "Load a copy",
    exportFailed: "The copy could not be made.",
    importBad: "The file could not be used: it is not a copy from this game, or it is damaged. Nothing was changed.",
    importNewer: "The file comes from a newer version of the game and cannot be loaded here. Nothing was changed.",
    importDone: "The copy is loaded: records, statistics and settings are in.",
    // layout (issue 15)
    totalMoves: "Total moves",
    linesOne: "one line of {length}",
    linesMany: "{count} lines of {length}",
    chartPoints: "Points",
    chartGames: "Games, oldest on the left",
    // options, announcements and keys (issue 16)
    options: "Options",
    optionsShow: "Display",
    optMarks: "Show where the coming balls land",
    optSymbols: "Shapes on the balls",
    optSoundGroup: "Sound",
    optSound: "Sound on",
    optVolume: "Volume",
    optSpeed: "Animations",
    speedNormal: "Normal",
    speedFast: "Fast",
    speedOff: "Off",
    optLook: "Look",
    lookAuto: "Automatic",
    lookWood: "Wood",
    lookLight: "Light",
    lookDark: "Dark",
    lookContrast: "High contrast",
    lookClassic: "Classic",
    cellComing: "{name}, empty, a {color} ball lands here",
    annMove: "{color} ball from {from} to {to}.",
    annLine: "{count} in a row removed: {color}, {from} to {to}.",
    annPoints: "{points} points.",
    annSpawn: "New balls: {list}.",
    annBall: "{color} at {cell}",
    annScore: "Score: {score}.",
    annOver: "Game over with {score} points.",
    annUndo: "Move undone.",
    annNewGame: "New game, deal {deal}. Balls on the board: {list}.",
    annHint: "Hint: {color} ball from {from} to {to}.",
    annBlocked: "{cell} cannot be reached.",
    annPickBall: "Select a ball to move first.",
    annSelect: "{color} ball at {cell} selected.",
    // hint and watch (assist.js)
    hint: "Hint",
    assistQuestion: "A game with help cannot set the record or enter the ranking; it counts in the statistics only. Get help in this game?",
    recordHelp: "This game had help: it cannot set the record or enter the ranking.",
    hintNote: "Hint: move the ball on {from} to {to}.",
    hintNone: "There is no move to suggest.",
    watch: "Watch the computer play",
    watchControls: "The computer plays",
    watchSpeed: "Speed",
    watchSlow: "Slow",
    watchNormal: "Normal",
    watchFast: "Fast",
    watchMax: "As fast as possible",
    watchPause: "Pause",
    watchResume: "Resume",
    watchStop: "Stop",
    goAssisted: "This game had help: it counts in the statistics only.",
    assistedGames: "Games with help",
    assistedValue: "{games}, {points}",
    countGames: { one: "{n} game", other: "{n} games" },
    countPoints: { one: "{n} point", other: "{n} points" },
    recentNone: "No game of your own yet.",
    // replays, sharing and the deal of the day (replay.js, share.js, daily.js)
    daily: "Deal of the day",
    watchAgain: "Watch again",
    share: "Share",
    shareCopy: "Copy the link",
    replayMove: "Move",
    replayFirst: "To the start",
    replayPrev: "Previous move",
    replayPlay: "Play",
    replayPause: "Pause",
    replayNext: "Next move",
    replayLast: "To the end",
    replaySpeed: "Speed",
    replaySpeedSlow: "Slow",
    replaySpeedNormal: "Normal",
    replaySpeedFast: "Fast",
    playThisDeal: "Play this deal",
    replayInfo: "Deal {deal} · {variant}",
    replayAt: "Move {move} of {moves}",
    replayBad: "The link to the game is damaged or incomplete and could not be opened. Your own game is as it was.",
    reviewGame: "Review game",
    reviewTitle: "Game review",
    reviewInfo: "Deal {deal} · {variant} · {moves} moves",
    reviewProgress: "Reviewed",
    reviewProgressText: "{done} of {total} moves",
    reviewAccuracy: "Accuracy: {n} %",
    reviewAccuracyPending: "Accuracy: being worked out …",
    gradebest: "Best",
    gradegood: "Good",
    gradeinaccuracy: "Inaccuracy",
    grademistake: "Mistake",
    gradeblunder: "Blunder",
    reviewLost: "Points lost in all",
    reviewCostliest: "Costliest moves",
    reviewNoCost: "No move has cost points so far.",
    lastGame: "Last game",
    lastGameInfo: "{points} points · {moves} moves",
    accuracy: "Accuracy",
    percent: "{n} %",
    lastGameReview: "Open the review",
    reviewMoveWords: "Move {move}: {color} {from} → {to}, about {points} points; better: {bcolor} {bfrom} → {bto}",
    reviewMoveButton: "Move {move}: {grade}, about {points} points",
    reviewGraph: "Points and free cells through the game",
    reviewFree: "Free cells",
    reviewGrade: "Grade",
    reviewMoves: "Moves that cost points",
    reviewPlayed: "Your move",
    reviewBetter: "Better",
    reviewPrev: "Previous mistake",
    reviewNext: "Next mistake",
    reviewShown: "Move {move}: {grade}, about {points} points lost. Your move: {color} {from} → {to}; better: {bcolor} {bfrom} → {bto}.",
    replayUnknown: "This game was saved without its moves and cannot be watched from the start.",
    linkCopied: "Link copied",
    linkNotCopied: "The link could not be copied: {link}",
    shareTitle: "Kugler – deal {deal}",
    shareDealTitle: "Kugler – deal {deal}",
    dailyBeaten: "New best on the deal of the day (before: {points})",
    dailyBest: "Your best on the deal of the day: {points}",
    dailyBests: "Deal of the day: your bests",
    fragment_bad_replay: "The link to the game is damaged or incomplete and could not be opened ({detail}).",
  },
};

let current = "en";

/** da or sv when the browser prefers one of them (first match wins), else en. */
export function detectLanguage(languages = globalThis.navigator?.languages ?? []) {
  for (const tag of languages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "da" || base === "sv") return base;
    if (base === "en") return "en";
  }
  return "en";
}

/**
 * Switch the language; an unknown value falls back to the browser's choice.
 * @param {string} lang
 */
export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : detectLanguage();
  document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

/**
 * The word for `key` in the current language with {name} placeholders filled.
 * @param {string} key
 * @param {Record<string, unknown>} params
 * @returns {string}
 */
export function t(key, params = {}) {
  const table = WORDS[current] ?? WORDS.en;
  const word = table[key] ?? WORDS.en[key] ?? key;
  if (typeof word !== "string") return /** @type {any} */ (word); // not a text: a key of another kind
  return word.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/**
 * `n` with its noun in the current language, in the plural form the
 * language's rules pick for `n` ("1 game", "2 games"): `key` names a word
 * {one, other} with an {n} placeholder.
 * @param {string} key
 * @param {number} n
 */
export function tCount(key, n) {
  const table = WORDS[current] ?? WORDS.en;
  const forms = /** @type {Record<string, string>} */ (table[key] ?? WORDS.en[key]);
  const form = new Intl.PluralRules(current).select(n);
  return (forms[form] ?? forms.other).replace("{n}", formatNumber(n));
}

/**
 * The colour name of ball colour 1..7.
 * @param {number} color
 */
export function colorName(color) {
  return /** @type {string[]} */ ((WORDS[current] ?? WORDS.en).colors)[color] ?? "";
}

/** Put the words into every [data-i18n] / [data-i18n-aria] element under `root`. */
export function applyWords(root = /** @type {ParentNode} */ (document)) {
  // Only what differs is written: the page is already in Danish, and every
  // write makes the browser restyle.
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const word = t(/** @type {HTMLElement} */ (el).dataset.i18n ?? "");
    if (el.textContent !== word) el.textContent = word;
  }
  for (const el of root.querySelectorAll("[data-i18n-aria]")) {
    const word = t(/** @type {HTMLElement} */ (el).dataset.i18nAria ?? "");
    if (el.getAttribute("aria-label") !== word) el.setAttribute("aria-label", word);
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-title]"))) {
    const word = t(el.dataset.i18nTitle ?? "");
    if (el.title !== word) el.title = word;
  }
  if (document.title !== t("title")) document.title = t("title");
}

/**
 * "m:ss" or "h:mm:ss" for a number of seconds.
 * @param {number} seconds
 */
export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

// Thousands separators as Intl.NumberFormat writes them for da-DK, sv-SE and
// en-GB (building an Intl.NumberFormat costs ~30 ms at a page's first use).
/** @type {Record<string, string>} */
const GROUP_SEPARATOR = { da: ".", sv: "\u00a0", en: "," };

/**
 * A whole number (rounded) with the current language's thousands separator.
 * @param {unknown} n
 */
export function formatNumber(n) {
  const value = Math.round(Number(n) || 0);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR[current] ?? ",");
  return value < 0 ? `-${digits}` : digits;
}

/** @type {Map<string, Intl.DateTimeFormat>} "da:year" -> the format, made at first use */
const dateFormats = new Map();

/**
 * A date (ISO text) as a short local date: day and month ("3. mar.") in the
 * current year `now`'s, else day, month and year in numbers ("3.3.2025").
 * @param {string | null | undefined} iso
 */
export function formatDate(iso, now = new Date()) {
  const d = new Date(/** @type {string} */ (iso));
  if (Number.isNaN(d.getTime())) return String(iso ?? "");
  const thisYear = d.getFullYear() === now.getFullYear();
  const key = `${current}:${thisYear}`;
  if (!dateFormats.has(key)) {
    const locale = /** @type {Record<string, string>} */ ({ da: "da-DK", sv: "sv-SE", en: "en-GB" })[current];
    /** @type {Intl.DateTimeFormatOptions} */
    const options = thisYear ? { day: "numeric", month: "short" } : { day: "numeric", month: "numeric", year: "2-digit" };
    dateFormats.set(key, new Intl.DateTimeFormat(locale, options));
  }
  return /** @type {Intl.DateTimeFormat} */ (dateFormats.get(key)).format(d);
}

/**
 * "2 lines of 5 · one line of 6": the lines removed, by length, in words.
 * @param {import("./types").LinesByLength | null | undefined} lines
 */
export function formatLines(lines) {
  const entries = Object.entries(lines ?? {})
    .map(([len, n]) => [Number(len), Number(n)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return t("linesNone");
  return entries
    .map(([length, count]) => t(count === 1 ? "linesOne" : "linesMany", { length, count: formatNumber(count) }))
    .join(" · ");
}
