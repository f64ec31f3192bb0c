// The hand-over from web/start-python.js (a classic script) to the engine boot.mjs makes: present
// from the time that script ran until the engine takes the worker (or never, if it did not run).
declare var takeEarlyPythonWorker: ((url: string) => { worker: Worker; events: Event[] } | null) | undefined;
