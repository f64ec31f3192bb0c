// A stand-in for the browser's Worker in the node tests: records what was made and posted; a test makes it speak.

export class FakeWorker extends EventTarget {
  /** Every FakeWorker made since the test last emptied this list. */
  static made = [];
  posted = [];
  terminated = false;
  constructor(url = "", options = {}) {
    super();
    this.url = String(url);
    this.options = options;
    FakeWorker.made.push(this);
  }
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** Node reports what a listener throws as an uncaught exception, which fails the test. */
  say(data) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
  /** The worker's script failed (an "error" event, cancelable as the browser's is); returns the event. */
  failToLoad(message = undefined) {
    const event = new Event("error", { cancelable: true });
    if (message !== undefined) event.message = message;
    this.dispatchEvent(event);
    return event;
  }
}
