package io.ccrj.mpi.jcstress.broken;

/**
 * Busy work between two misordered steps of a broken model: a few dozen dependent multiplications
 * whose result is kept, so the JIT can neither drop them nor move the steps across them.
 */
final class Widen {
    private Widen() {
    }

    /** Runs {@code n} dependent steps and returns their result, which the caller must store. */
    static int work(int n) {
        int x = n;
        for (int i = 0; i < n; i++) {
            x = x * 31 + i;
        }
        return x;
    }
}
