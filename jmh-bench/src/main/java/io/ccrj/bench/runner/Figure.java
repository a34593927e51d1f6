package io.ccrj.bench.runner;

/**
 * One figure of an experiment, typed: what the headline, the writers and the charts take instead of
 * rows of text. The seed's figure is looked up in {@link Seeds} by {@code seedId}; the peer's was
 * measured in the same run.
 *
 * @param section the experiment that measured it ({@code overhead}, {@code mpi}, {@code dss})
 * @param label what it is, for a reader (free text: nothing looks figures up by it)
 * @param unit the unit of {@code ours} and {@code peer}
 * @param lowerIsBetter true for times, false for rates
 * @param ours our figure and its interval
 * @param seedId the key of the seeds' figure in seeds.csv, or {@code null} if they published none
 * @param peerName the peer measured beside ours, or {@code null}
 * @param peer the peer's figure and interval, or {@code null}
 */
public record Figure(String section, String label, String unit, boolean lowerIsBetter, Estimate ours, String seedId,
                     String peerName, Estimate peer) {
    /** Checks that a seed key, where given, exists: a typo fails at once, not as a silently empty cell. */
    public Figure {
        if (seedId != null) {
            Seeds.require(seedId);
        }
        if ((peerName == null) != (peer == null)) {
            throw new IllegalArgumentException("a peer needs both a name and a figure: " + label);
        }
    }

    /**
     * A figure with no peer.
     *
     * @param section the experiment
     * @param label what it is
     * @param unit the unit
     * @param lowerIsBetter true for times
     * @param ours our figure
     * @param seedId the seeds' key or {@code null}
     * @return the figure
     */
    public static Figure of(String section, String label, String unit, boolean lowerIsBetter, Estimate ours, String seedId) {
        return new Figure(section, label, unit, lowerIsBetter, ours, seedId, null, null);
    }

    /**
     * @param name the peer measured beside ours
     * @param figure its figure
     * @return this figure with the peer
     */
    public Figure withPeer(String name, Estimate figure) {
        return new Figure(section, label, unit, lowerIsBetter, ours, seedId, name, figure);
    }

    /** @return the seeds' number, NaN if none */
    public double seed() {
        return seedId == null ? Double.NaN : Seeds.value(seedId);
    }
}
