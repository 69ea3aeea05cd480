// Service worker registration and update notices (filled in by the offline work).
export function registerServiceWorker() {}
