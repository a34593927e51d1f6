package io.ccrj.bench.runner;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One figure of any section, typed: what the tables, the CSV, the charts and the headline take
 * instead of rows of text. It is known by its {@code key}: the section first, then what was timed
 * as enum constants and numbers (a section reads them back typed with {@link #key(int, Class)});
 * tables, the headline and {@code headline.csv} find and key their rows by it or its {@link #id()},
 * the label is only shown. The published figure is looked up in {@link PublishedFigures} by
 * {@code publishedId}; the peer's was measured in the same run.
 *
 * @param key the section's name, then what identifies the figure in it: {@link FigureKey#parts()}'s
 *     seven typed parts (e.g. {@code overhead}, {@code PER_STAGE}, {@code SpawnedPattern.PIPELINE},
 *     {@code ThreadMode.MATCH}, {@code 2}, {@code 5000L}, {@code Metric.OVERHEAD_US})
 * @param label what it is, for a reader (free text: nothing looks figures up by it)
 * @param unit the unit of {@code ours} and {@code peer}
 * @param lowerIsBetter true for times, false for rates
 * @param ours our figure and its interval
 * @param samples the figure of each repetition it was taken from (empty if not kept)
 * @param runs how many repetitions were taken and used, and how much of the machine other
 *     processes took during them ({@link Runs#UNKNOWN} where not counted)
 * @param note why there is no value (e.g. "not installed"), else empty
 * @param publishedId the key of the papers' figure in published-figures.csv, or {@code null} if they published none
 * @param peerName the peer measured beside ours, or {@code null}
 * @param peer the peer's figure and interval, or {@code null}
 */
public record Figure(List<Object> key, String label, String unit, boolean lowerIsBetter, Estimate ours, double[] samples, Runs runs,
                     String note, String publishedId, String peerName, Estimate peer) {
    private static final Pattern PART = Pattern.compile("[A-Za-z0-9_/-]+");

    /**
     * The repetitions behind a figure.
     *
     * @param used repetitions whose time is used (the others were disturbed by other processes)
     * @param taken repetitions taken
     * @param foreignLoad the largest share of the machine other processes took during a used one (NaN if unknown)
     */
    public record Runs(int used, int taken, double foreignLoad) {
        /** Not counted. */
        public static final Runs UNKNOWN = new Runs(0, 0, Double.NaN);

        /** @return whether a repetition was left out or other processes took more than a tenth of the machine */
        public boolean disturbed() {
            return used < taken || foreignLoad > 0.10;
        }
    }

    /** Checks the key and that a published-figure key, where given, exists: a typo fails at once, not as a silently empty cell. */
    public Figure {
        key = List.copyOf(key);
        if (key.isEmpty() || !(key.get(0) instanceof String) || !key.stream().allMatch(p -> PART.matcher(part(p)).matches())) {
            throw new IllegalArgumentException("a figure's key is its section, then words, enum constants and numbers: " + key);
        }
        if (publishedId != null) {
            PublishedFigures.require(publishedId);
        }
        if ((peerName == null) != (peer == null)) {
            throw new IllegalArgumentException("a peer needs both a name and a figure: " + key);
        }
        samples = samples.clone();
        note = note == null ? "" : note;
    }

    /** A figure with no peer and no samples kept; the arguments are the record's components. */
    public static Figure of(List<?> key, String label, String unit, boolean lowerIsBetter, Estimate ours, String publishedId) {
        return new Figure(List.copyOf(key), label, unit, lowerIsBetter, ours, new double[0], Runs.UNKNOWN, "", publishedId, null, null);
    }

    /**
     * A figure of a typed key, with no peer and no samples kept: its unit and direction are the
     * metric's.
     *
     * @param key what it is ({@link FigureKey})
     * @param label what it is, for a reader
     * @param ours our figure and its interval
     * @param publishedId the papers' figure in published-figures.csv, or {@code null}
     * @return the figure
     */
    public static Figure of(FigureKey key, String label, Estimate ours, String publishedId) {
        return of(key.parts(), label, key.metric().unit, key.metric().lowerIsBetter, ours, publishedId);
    }

    /** @return the key read back typed; an {@link IllegalArgumentException} where the section keyed it otherwise */
    public FigureKey typedKey() {
        return FigureKey.of(key);
    }

    /** The median of some repetitions (at least one) with its bootstrap interval, the repetitions kept. */
    public static Figure median(List<?> key, String label, String unit, boolean lowerIsBetter, double... samples) {
        return new Figure(List.copyOf(key), label, unit, lowerIsBetter, Estimate.median(samples), samples, Runs.UNKNOWN, "", null,
                null, null);
    }

    /** @return the key as text, its parts joined by dots (enum constants by name), e.g. {@code overhead.PER_STAGE.PIPELINE.MATCH.2.5000.OVERHEAD_US} */
    public String id() {
        return key.stream().map(Figure::part).collect(Collectors.joining("."));
    }

    private static String part(Object p) {
        return p instanceof Enum<?> e ? e.name() : String.valueOf(p);
    }

    /** The key's part {@code i} (0 is the section); a {@link ClassCastException} if it is not a {@code type}. */
    public <T> T key(int i, Class<T> type) {
        return type.cast(key.get(i));
    }

    /** This figure with the peer measured beside ours. */
    public Figure withPeer(String name, Estimate figure) {
        return new Figure(key, label, unit, lowerIsBetter, ours, samples, runs, note, publishedId, name, figure);
    }

    /** This figure with a note on why there is no value. */
    public Figure withNote(String why) {
        return new Figure(key, label, unit, lowerIsBetter, ours, samples, runs, why, publishedId, peerName, peer);
    }

    /** @return whether a value was measured */
    public boolean measured() {
        return !Double.isNaN(ours.value());
    }

    /** @return the section that measured it: the id's first part */
    public String section() {
        return (String) key.get(0);
    }

    /** @return the papers' number, NaN if none */
    public double published() {
        return publishedId == null ? Double.NaN : PublishedFigures.value(publishedId);
    }

    /** @return the smallest repetition, NaN if none was kept */
    public double min() {
        return Arrays.stream(samples).min().orElse(Double.NaN);
    }

    /** @return the largest repetition, NaN if none was kept */
    public double max() {
        return Arrays.stream(samples).max().orElse(Double.NaN);
    }
}
