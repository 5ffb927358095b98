'use strict';
// When the language server's process dies: restart it, unless it died `maxRestarts` times
// within `windowMs` (then it is crashing on start, and restarting again would only loop).

class RestartPolicy {
  /**
   * @param {number} maxRestarts restarts allowed within the window
   * @param {number} windowMs the window, in milliseconds
   * @param {() => number} now the clock (injectable for tests)
   */
  constructor(maxRestarts = 5, windowMs = 3 * 60 * 1000, now = Date.now) {
    this.maxRestarts = maxRestarts;
    this.windowMs = windowMs;
    this.now = now;
    this.crashes = [];
  }

  /** Record a crash; true when the server should be restarted. */
  shouldRestart() {
    const t = this.now();
    this.crashes = this.crashes.filter((c) => t - c < this.windowMs);
    this.crashes.push(t);
    return this.crashes.length <= this.maxRestarts;
  }

  /** Forget past crashes (after a restart by hand or a change of settings). */
  reset() {
    this.crashes = [];
  }
}

module.exports = { RestartPolicy };
