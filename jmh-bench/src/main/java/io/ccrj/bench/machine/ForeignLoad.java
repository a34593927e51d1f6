package io.ccrj.bench.machine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much of the machine other processes used while a run was timed: the CPU time the whole
 * machine was busy ({@code /proc/stat}) minus this JVM's own CPU time, as a fraction of the
 * machine's capacity over the run. On a 2-core machine shared with builds, a run that overlapped a
 * compile is not a measurement of ccr-core; the runner repeats such runs.
 *
 * <p>Linux only; elsewhere {@link #sample()} returns {@code null} and nothing is judged.
 */
public final class ForeignLoad {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final double NANOS_PER_TICK = 1e9 / 100; // USER_HZ is 100 on Linux

    private ForeignLoad() {
    }

    /**
     * A point-in-time reading.
     *
     * @param wallNanos {@link System#nanoTime()}
     * @param machineBusyNanos CPU time all cores spent busy since boot
     * @param processCpuNanos this JVM's CPU time
     */
    public record Sample(long wallNanos, double machineBusyNanos, long processCpuNanos) {
    }

    /** @return a reading, or {@code null} where {@code /proc/stat} or process CPU time is unavailable */
    public static Sample sample() {
        long process = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
        if (process < 0) {
            return null;
        }
        try {
            String cpu = Files.readAllLines(PROC_STAT).get(0);
            return new Sample(System.nanoTime(), busyTicks(cpu) * NANOS_PER_TICK, process);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Parses the aggregate "cpu" line of /proc/stat.
     *
     * @param cpuLine e.g. "cpu  4705 356 584 3699176 23060 0 277 0 0 0"
     * @return busy ticks: everything but idle and iowait. Niced time counts too: with the
     *     scheduler's autogroups (each session gets an equal share; nice only ranks the tasks of one
     *     session) somebody's nice-19 build takes a core from a benchmark as surely as a nice-0 one
     */
    public static long busyTicks(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!f[0].equals("cpu")) {
            throw new IllegalArgumentException("not the aggregate cpu line: " + cpuLine);
        }
        long busy = 0;
        for (int i = 1; i < f.length && i <= 8; i++) { // user nice system idle iowait irq softirq steal
            if (i != 4 && i != 5) {
                busy += Long.parseLong(f[i]);
            }
        }
        return busy;
    }

    /**
     * @param before reading at the start
     * @param after reading at the end
     * @param cores the machine's cores
     * @return the fraction of the machine's capacity that other processes used, 0..1; NaN if unknown
     */
    public static double between(Sample before, Sample after, int cores) {
        if (before == null || after == null) {
            return Double.NaN;
        }
        double wall = after.wallNanos() - before.wallNanos();
        if (wall <= 0) {
            return Double.NaN;
        }
        double foreign = (after.machineBusyNanos() - before.machineBusyNanos())
                - (after.processCpuNanos() - before.processCpuNanos());
        return Math.min(1, Math.max(0, foreign / (wall * cores)));
    }

    /**
     * Waits until other processes leave the machine alone: until one {@code window} during which
     * they used at most {@code threshold} of it, or {@code maxWait} has passed.
     *
     * @param threshold share of the machine, 0..1
     * @param windowMillis length of one look
     * @param maxWaitMillis give up (and go ahead) after this long
     * @param cores the machine's cores
     * @return milliseconds waited beyond the first window; 0 if quiet at once or unknown
     * @throws InterruptedException if interrupted
     */
    public static long awaitQuiet(double threshold, long windowMillis, long maxWaitMillis, int cores) throws InterruptedException {
        long start = System.nanoTime();
        while (true) {
            Sample before = sample();
            if (before == null) {
                return 0;
            }
            Thread.sleep(windowMillis);
            double load = between(before, sample(), cores);
            long waited = (System.nanoTime() - start) / 1_000_000 - windowMillis;
            if (Double.isNaN(load) || load <= threshold || waited >= maxWaitMillis) {
                return Math.max(0, waited);
            }
        }
    }
}
