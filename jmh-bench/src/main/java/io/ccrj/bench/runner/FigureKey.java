package io.ccrj.bench.runner;

import java.util.List;
import java.util.Objects;

/**
 * The typed key of a figure, the same seven parts in every section: the section, the experiment
 * within it, the item timed, the backend that ran it (each section's own enum constants), the
 * ranks or parallel computations, the size (doubles per message, stages, rounds per task; 0 where
 * there is none) and the {@link Metric}. A misspelt part is a compile error, not a figure read back
 * as NaN; tables and the headline find figures by their key, never by a label.
 *
 * <p>{@link #parts()} is the key as {@link Figure} stores it, {@code [section id, experiment, item,
 * backend, ranks, size, metric]}, the layout of every section's keys, so one {@link Figure#id()}
 * names every figure the same way, e.g. {@code overhead.PER_STAGE.PIPELINE.MATCH.2.5000.OVERHEAD_US}.
 *
 * @param section the section that measured it
 * @param experiment what part of the section, e.g. the overhead's per-stage or back-to-back stages
 * @param item what was timed, e.g. a pattern, a caller, a tool
 * @param backend what ran it, e.g. a dispatcher's thread mode, ccr-core or dss-services
 * @param ranks ranks, threads or parallel computations; 0 where there are none to count
 * @param size the size of the work, 0 where there is none
 * @param metric what is measured
 */
public record FigureKey(Section section, Enum<?> experiment, Enum<?> item, Enum<?> backend, int ranks, long size, Metric metric) {
    /** Checks that every part is given and the counts are not negative. */
    public FigureKey {
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(metric, "metric");
        if (ranks < 0 || size < 0) {
            throw new IllegalArgumentException("a figure's ranks and size are 0 or more, were " + ranks + " and " + size);
        }
    }

    /** @return the key as {@link Figure} keeps it: the section's id, then the parts in order */
    public List<Object> parts() {
        return List.of(section.id(), experiment, item, backend, ranks, size, metric);
    }

    /**
     * Reads a figure's key back typed.
     *
     * @param parts a key as {@link #parts()} gives it
     * @return the typed key
     * @throws IllegalArgumentException if the parts are not of that layout
     */
    public static FigureKey of(List<Object> parts) {
        if (parts.size() != 7 || !(parts.get(0) instanceof String s) || !(parts.get(1) instanceof Enum<?> experiment)
                || !(parts.get(2) instanceof Enum<?> item) || !(parts.get(3) instanceof Enum<?> backend)
                || !(parts.get(4) instanceof Integer ranks) || !(parts.get(5) instanceof Long size)
                || !(parts.get(6) instanceof Metric metric)) {
            throw new IllegalArgumentException("not a typed figure key (section, experiment, item, backend, ranks, size, metric): "
                    + parts);
        }
        return new FigureKey(Section.valueOf(s.toUpperCase(java.util.Locale.ROOT)), experiment, item, backend, ranks, size, metric);
    }

    /** @return the part {@code experiment} as the section's enum type; a {@link ClassCastException} if it is not one */
    public <E extends Enum<E>> E experiment(Class<E> type) {
        return type.cast(experiment);
    }

    /** @return the part {@code item} as the given enum type; a {@link ClassCastException} if it is not one */
    public <E extends Enum<E>> E item(Class<E> type) {
        return type.cast(item);
    }

    /** @return the part {@code backend} as the given enum type; a {@link ClassCastException} if it is not one */
    public <E extends Enum<E>> E backend(Class<E> type) {
        return type.cast(backend);
    }
}
