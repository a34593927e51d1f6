package io.ccrj.core.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A port's watchers ({@link PortCore}'s completion and departure sections): the completion
 * watchers, which fire once the port is closed and holds no item, and the departure watchers,
 * which run whenever queued items may have left the port. A port makes its watchers on the first
 * watch, so a port nobody watches allocates nothing for them.
 *
 * <h2>Concurrency invariants</h2>
 * Every field and method is guarded by the port's lock, held by the caller; what fires is returned
 * as a list of {@link Dispatchable} for the caller to run after the unlock.
 */
final class PortWatchers {
    private final PortCore port;
    /** Completion watchers; {@code null} while there are none. */
    private List<CompletionReceiver> completion;
    /** Departure watchers; {@code null} while there are none. */
    private List<Dispatchable> departures;

    PortWatchers(PortCore port) {
        this.port = port;
    }

    void addCompletionLocked(CompletionReceiver w) {
        if (completion == null) {
            completion = new ArrayList<>(2);
        }
        completion.add(w);
    }

    void removeCompletionLocked(CompletionReceiver w) {
        if (completion != null) {
            completion.remove(w);
        }
    }

    /** The completion watchers registered now (fired or removed ones are gone). */
    int completionCountLocked() {
        return completion == null ? 0 : completion.size();
    }

    void addDepartureLocked(Dispatchable watcher) {
        if (departures == null) {
            departures = new ArrayList<>(1);
        }
        departures.add(watcher);
    }

    void removeDepartureLocked(Dispatchable watcher) {
        if (departures != null) {
            departures.remove(watcher);
            if (departures.isEmpty()) {
                departures = null;
            }
        }
    }

    /** {@link PortCore#afterTakeLocked}: the departure watchers, then what completion fires. */
    List<Dispatchable> afterTakeLocked(List<Dispatchable> toRun) {
        if (departures != null) {
            for (Dispatchable d : departures) {
                toRun = Dispatchable.add(toRun, d);
            }
        }
        return completionLocked(toRun);
    }

    /** {@link PortCore#completionLocked}: fires the completion watchers if the port is closed and empty. */
    List<Dispatchable> completionLocked(List<Dispatchable> toRun) {
        if (completion == null || completion.isEmpty() || !port.isClosed() || port.sizeLocked() != 0) {
            return toRun;
        }
        for (CompletionReceiver w : completion.toArray(new CompletionReceiver[0])) {
            Dispatchable d = w.fireLocked(port); // unlinks itself when it fires
            if (d != null) {
                toRun = Dispatchable.add(toRun, d);
            }
        }
        return toRun;
    }
}
