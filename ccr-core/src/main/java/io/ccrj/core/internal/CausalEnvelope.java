package io.ccrj.core.internal;

import io.ccrj.core.Causality;

/**
 * A queued item together with the causalities that were active on the thread that posted it.
 * Items posted with no active causality are stored bare, so the common case allocates nothing
 * extra. User code can never post an instance of this class (the package is not exported).
 */
@Internal
public final class CausalEnvelope {
    final Object item;
    final Causality[] causalities;

    CausalEnvelope(Object item, Causality[] causalities) {
        this.item = item;
        this.causalities = causalities;
    }

    /** The user's item inside a stored entry. */
    public static Object item(Object entry) {
        return entry instanceof CausalEnvelope e ? e.item : entry;
    }

    /** The causalities carried by a stored entry, or {@code null}. */
    public static Causality[] causalities(Object entry) {
        return entry instanceof CausalEnvelope e ? e.causalities : null;
    }
}
