package io.ccrj.examples.clustering;

/**
 * What one temperature of an annealing run reached, as its progress notifications report it.
 *
 * @param index the temperature's number, from 0
 * @param temperature T ({@code 0} for the final T -&gt; 0 limit)
 * @param clusters the clusters at this temperature (after its splits)
 * @param freeEnergy the free energy {@code F = -T sum_i log sum_k p_k exp(-|x_i - y_k|^2 / T)} at the last
 *     iteration (the distortion when T is 0)
 * @param iterations the EM iterations run at this temperature
 * @param iterationMillis the mean wall time of the iterations since the previous step, in milliseconds, on
 *     rank 0 (its reduction included)
 * @param fractionDone an estimate of the fraction of the run done, in [0, 1]
 * @param centres the centres at this temperature, {@code clusters * d}, centre by centre (a copy)
 */
public record Step(int index, double temperature, int clusters, double freeEnergy, int iterations,
                   double iterationMillis, double fractionDone, double[] centres) {
}
