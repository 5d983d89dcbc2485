/**
 * The garbage collections a server ran in the counted window, from perf_hooks' `gc` entries: the
 * young generation's (scavenges) and the whole heap's (mark-compacts, whose marking at 20,000
 * sockets runs over 120 MiB or more). A window with a mark-compact or two costs visibly more CPU
 * than one without, so the report shows both beside the CPU they explain.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import type { GcReport } from './ipc';

export function gcWindow(): { open(): void; close(): GcReport } {
  let counting = false;
  const report: GcReport = { type: 'gc', scavenges: 0, markCompacts: 0, pauseMs: 0 };
  const count = (entries: PerformanceEntry[]) => {
    if (!counting) return;
    for (const entry of entries) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) report.scavenges++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) report.markCompacts++;
      report.pauseMs += entry.duration;
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    open() {
      counting = true;
    },
    close() {
      // Entries are delivered a moment after each collection: those still queued count too.
      count(observer.takeRecords());
      counting = false;
      observer.disconnect();
      return report;
    },
  };
}
