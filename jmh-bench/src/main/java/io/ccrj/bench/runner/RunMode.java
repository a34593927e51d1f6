package io.ccrj.bench.runner;

import java.util.Locale;

/**
 * How long a run is, the same three for every experiment: each declares its settings for each
 * once ({@link Experiment#options}), and {@code bin/ccrj paper} runs every section with them.
 */
public enum RunMode {
    /** The default: minutes for the paper on a 2-core machine; single JMH forks where that is enough for a bound. */
    QUICK,
    /** {@code --full}: the papers' ranges and 5 forks, the forks that show the modes. */
    FULL,
    /** {@code --smoke}: JMH in this JVM with one short iteration, which checks the wiring, never a measurement. */
    SMOKE;

    /** @return the name results.md and the progress lines use: quick, full or smoke */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
