package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Seeds;
import io.ccrj.bench.runner.Seeds.Seed;
import java.util.Locale;

/**
 * The seeds' published stage overheads, in microseconds (read from {@link Seeds}): seed 000, Table 2-AMD (4-core HP xw9300,
 * two dual-core Opteron 275 at 2.19 GHz, 28 µs per stage) and Table 2-INTEL (4-core Dell PWS670,
 * two dual-core Xeon at 2.8 GHz, 30 µs per stage), 500,000 stages, CCR June 2006, C#.
 * Columns are 1-, 2-, 3-, 4- and 8-way parallel computations.
 */
public final class SeedFigures {
    /** The seeds' column headings. */
    public static final int[] WAYS = {1, 2, 3, 4, 8};

    /** Which seed table. */
    public enum Machine { AMD, INTEL }

    private static final Seed NOT_MEASURED = new Seed("", Double.NaN, "–", "µs", "");

    private SeedFigures() {
    }

    /**
     * @param machine AMD or INTEL
     * @param pattern the pattern
     * @param mode match or default
     * @param ways parallel computations
     * @return the seed's cell (no value for "N/A" and "Error"); a "–" cell for a column the seed did not measure
     */
    public static Seed overhead(Machine machine, SpawnedPattern pattern, ThreadMode mode, int ways) {
        return Seeds.find("overhead." + machine.name().toLowerCase(Locale.ROOT) + "." + pattern.id() + "." + mode.id() + "." + ways)
                .orElse(NOT_MEASURED);
    }
}
