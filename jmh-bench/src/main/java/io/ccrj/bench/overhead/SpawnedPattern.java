package io.ccrj.bench.overhead;

import java.util.Arrays;

/**
 * The spawned message patterns of Qiu, Fox &amp; Ho 2006, Figure 7 (and Qiu et al. 2007, Fig. 3(a-c)): each stage is a
 * fresh handler fired by the message(s) the previous stage posted.
 */
public enum SpawnedPattern {
    /**
     * Fig. 7(a), "Straight Pipeline": each computation posts to its own port, and that port's
     * receiver runs the computation's next stage ("the threads send messages to themselves").
     * CCR {@code Receive}.
     */
    PIPELINE("Pipeline", "Straight Pipeline"),
    /**
     * Fig. 7(b): each computation's stage posts one message to its right neighbour's port (a ring),
     * whose receiver runs the next stage there. CCR {@code Receive}.
     */
    SHIFT("Shift", "Shift"),
    /**
     * Fig. 7(c), "Two Shifts": like Shift, but each stage posts <em>two</em> messages to the same
     * neighbour port, and the next stage fires on two items (CCR {@code MultipleItemReceive} of 2;
     * the papers used it to separate the cost of the join from that of Exchange's two destinations).
     */
    TWO_SHIFTS("TwoShifts", "Two Shifts"),
    /**
     * Fig. 7(d): each stage posts to its left and its right neighbour, and the next stage fires on
     * one message from each ({@code multiplePortReceive} over a from-left and a from-right port per
     * computation: the exact-source variant the papers suggest, with 2 ports per computation rather
     * than N²).
     */
    EXCHANGE("Exchange", "Exchange");

    private final String id;
    private final String paperName;

    SpawnedPattern(String id, String paperName) {
        this.id = id;
        this.paperName = paperName;
    }

    /** @return the command-line name ({@code Pipeline}, {@code Shift}, {@code TwoShifts}, {@code Exchange}) */
    public String id() {
        return id;
    }

    /** @return the row label of the papers' tables */
    public String paperName() {
        return paperName;
    }

    /** Whether the pattern is defined for {@code ways} computations: the papers mark 1-way Shift, Two Shifts, Exchange "N/A". */
    public boolean appliesTo(int ways) {
        return ways >= (this == PIPELINE ? 1 : 2);
    }

    /** Parses a command-line name ("Pipeline", "twoshifts", "two-shifts"): any case, spaces, dashes and underscores ignored. */
    static SpawnedPattern parse(String text) {
        String key = text.replaceAll("[\\s_-]", "");
        return Arrays.stream(values()).filter(p -> p.id.equalsIgnoreCase(key)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("unknown pattern '" + text + "' (expected Pipeline, Shift, TwoShifts or Exchange)"));
    }
}
