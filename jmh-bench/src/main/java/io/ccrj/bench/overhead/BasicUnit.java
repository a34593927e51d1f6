package io.ccrj.bench.overhead;

/**
 * The papers' basic computation unit (the SALSA CCR/MPI page, "Code segment of the basic computation unit"):
 * {@code for i in 1..100: sum += 1 / ((i + 9.87654321) * i)}, repeated {@code loop} times.
 *
 * <p>The SALSA CCR/MPI page times it at 1.19-1.70 µs per unit on its 2006 machines; a current core does it in
 * about a tenth of that, so the runner calibrates it at start and chooses the number of units per
 * stage that gives the papers' time per stage.
 *
 * <p>Each unit's constant is offset by {@code total * 2^-600}, which is far below one ulp of
 * 9.87654321 and so leaves every result bit-identical, but makes unit {@code j + 1} depend on unit
 * {@code j}: the JIT cannot hoist the loop-invariant inner loop out of the repetition loop, so
 * {@code n} units really cost {@code n} times one unit.
 */
public final class BasicUnit {
    /** The papers' constant. */
    private static final double CONST = 9.87654321;
    /** Terms per unit (the papers' inner loop size). */
    private static final int TERMS = 100;

    private static final double TINY = 0x1p-600;

    private BasicUnit() {
    }

    /**
     * Runs {@code units} basic units.
     *
     * @param units how many; not negative
     * @return the sum over all units (each unit adds the same value, {@link #value()})
     */
    public static double compute(int units) {
        double total = 0.0;
        for (int j = 0; j < units; j++) {
            double c = CONST + total * TINY;
            double sum = 0.0;
            for (int i = 1; i <= TERMS; i++) {
                sum += 1.0 / ((i + c) * i);
            }
            total += sum;
        }
        return total;
    }

    /** @return what one unit adds: {@code compute(1)} */
    public static double value() {
        return compute(1);
    }
}
