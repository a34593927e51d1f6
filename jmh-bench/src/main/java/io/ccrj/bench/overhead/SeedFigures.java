package io.ccrj.bench.overhead;

import java.util.EnumMap;
import java.util.Map;

/**
 * The seeds' published stage overheads, in microseconds: seed 000, Table 2-AMD (4-core HP xw9300,
 * two dual-core Opteron 275 at 2.19 GHz, 28 µs per stage) and Table 2-INTEL (4-core Dell PWS670,
 * two dual-core Xeon at 2.8 GHz, 30 µs per stage), 500,000 stages, CCR June 2006, C#.
 * Columns are 1-, 2-, 3-, 4- and 8-way parallel computations.
 */
public final class SeedFigures {
    /** The seeds' column headings. */
    public static final int[] WAYS = {1, 2, 3, 4, 8};

    /** Which seed table. */
    public enum Machine { AMD, INTEL }

    /**
     * One cell of a seed table.
     *
     * @param value the figure, or {@code null} for "N/A" and "Error"
     * @param text the cell as printed in the seed
     */
    public record Cell(Double value, String text) {
        /** @return whether the cell holds a number */
        public boolean hasValue() {
            return value != null;
        }
    }

    private static final Cell NOT_MEASURED = new Cell(null, "–");

    private static final Map<Machine, Map<Pattern, Map<ThreadMode, String[]>>> TABLES = new EnumMap<>(Machine.class);

    static {
        // Table 2-AMD: "Stage overheads in microseconds ... calculated from the 500,000 stage
        // runtimes of Table 1-AMD".
        table(Machine.AMD, Pattern.PIPELINE,
                row("0.77", "2.4", "3.6", "5.0", "8.9"),
                row("3.6", "4.7", "4.4", "4.5", "8.9"));
        table(Machine.AMD, Pattern.SHIFT,
                row("N/A", "3.3", "3.4", "4.7", "11.0"),
                row("N/A", "5.1", "4.2", "4.5", "8.6"));
        table(Machine.AMD, Pattern.TWO_SHIFTS,
                row("N/A", "4.8", "7.7", "9.5", "26.0"),
                row("N/A", "8.3", "9.0", "9.7", "24.0"));
        table(Machine.AMD, Pattern.EXCHANGE,
                row("N/A", "11.0", "15.8", "18.3", "Error"),
                row("N/A", "16.8", "18.2", "18.6", "Error"));
        // Table 2-INTEL (its parenthesised AMD figures repeat Table 2-AMD and are not used).
        table(Machine.INTEL, Pattern.PIPELINE,
                row("1.7", "3.3", "4.0", "9.1", "25.9"),
                row("6.9", "9.5", "7.0", "9.1", "16.9"));
        table(Machine.INTEL, Pattern.SHIFT,
                row("N/A", "3.4", "5.1", "9.4", "25.0"),
                row("N/A", "9.8", "8.9", "9.4", "11.2"));
        table(Machine.INTEL, Pattern.TWO_SHIFTS,
                row("N/A", "6.8", "13.8", "13.4", "52.7"),
                row("N/A", "23.1", "24.9", "13.4", "31.5"));
        table(Machine.INTEL, Pattern.EXCHANGE,
                row("N/A", "28.0", "32.7", "41.0", "Error"),
                row("N/A", "34.6", "36.1", "41.0", "Error"));
    }

    private SeedFigures() {
    }

    private static String[] row(String... cells) {
        return cells;
    }

    private static void table(Machine m, Pattern p, String[] match, String[] dflt) {
        Map<ThreadMode, String[]> rows = new EnumMap<>(ThreadMode.class);
        rows.put(ThreadMode.MATCH, match);
        rows.put(ThreadMode.DEFAULT, dflt);
        TABLES.computeIfAbsent(m, k -> new EnumMap<>(Pattern.class)).put(p, rows);
    }

    /**
     * @param machine AMD or INTEL
     * @param pattern the pattern
     * @param mode match or default
     * @param ways parallel computations
     * @return the seed's cell; a "–" cell for a column the seed did not measure
     */
    public static Cell overhead(Machine machine, Pattern pattern, ThreadMode mode, int ways) {
        int col = -1;
        for (int i = 0; i < WAYS.length; i++) {
            if (WAYS[i] == ways) {
                col = i;
            }
        }
        if (col < 0) {
            return NOT_MEASURED;
        }
        String text = TABLES.get(machine).get(pattern).get(mode)[col];
        Double value = text.equals("N/A") || text.equals("Error") ? null : Double.valueOf(text);
        return new Cell(value, text);
    }
}
