package io.ccrj.bench.overhead;

import java.util.Arrays;

/**
 * The spawned message patterns of seed 000, Figure 7 (and seed 001, Fig. 3(a-c)): each stage is a
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
     * the seeds used it to separate the cost of the join from that of Exchange's two destinations).
     */
    TWO_SHIFTS("TwoShifts", "Two Shifts"),
    /**
     * Fig. 7(d): each stage posts to its left and its right neighbour, and the next stage fires on
     * one message from each ({@code multiplePortReceive} over a from-left and a from-right port per
     * computation: the exact-source variant the seeds suggest, with 2 ports per computation rather
     * than N²).
     */
    EXCHANGE("Exchange", "Exchange");

    private final String id;
    private final String seedName;

    SpawnedPattern(String id, String seedName) {
        this.id = id;
        this.seedName = seedName;
    }

    /** @return the command-line name ({@code Pipeline}, {@code Shift}, {@code TwoShifts}, {@code Exchange}) */
    public String id() {
        return id;
    }

    /** @return the row label of the seeds' tables */
    public String seedName() {
        return seedName;
    }

    /** Whether the pattern is defined for {@code ways} computations: the seeds mark 1-way Shift, Two Shifts, Exchange "N/A". */
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
