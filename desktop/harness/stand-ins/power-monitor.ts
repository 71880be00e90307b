import { EventEmitter } from 'node:events';
import type { PowerMonitorLike } from '../../src/main/main-services';

/**
 * Electron's powerMonitor without Electron: the browser harness never sleeps, so `resume` only
 * fires when the harness itself is told the machine woke up (`simulateResume`).
 */
export function createPowerMonitorStandIn(): PowerMonitorLike & { simulateResume(): void } {
  const events = new EventEmitter();
  return {
    on: (event, listener) => events.on(event, listener),
    simulateResume: () => void events.emit('resume'),
  };
}
