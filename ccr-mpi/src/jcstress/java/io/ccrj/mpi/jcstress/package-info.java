/**
 * JCStress tests of ccr-mpi's lock-free parts, each on the production classes through
 * {@link io.ccrj.mpi.internal.JcstressProbes}: a pair ring's slot publication, slot reuse,
 * sequence numbers (MPI's order between the ring and the inbound queue) and park handshake
 * ({@link io.ccrj.mpi.jcstress.PairRingTests}); the inbound queue's producers and
 * its link's publication of a message ({@link io.ccrj.mpi.jcstress.InboundQueueTests}); the
 * single owner's park handshake and a lent buffer's consumption
 * ({@link io.ccrj.mpi.jcstress.OwnerParkTests}); the {@code THREAD_MULTIPLE} waiters' parked
 * count and their register-then-retest rule ({@link io.ccrj.mpi.jcstress.MultipleWaitersTests});
 * the one-sided windows' locks and epochs ({@link io.ccrj.mpi.jcstress.WindowLockTests},
 * {@link io.ccrj.mpi.jcstress.WindowEpochTests}). One nested class per property; every outcome is
 * described, and the ones the runtime must never produce are {@code FORBIDDEN}. Every test class
 * of this package runs in CI and must pass, except the classes named {@code *Broken*}
 * ({@link io.ccrj.mpi.jcstress.WindowBrokenVariantsTests}): those and the broken copies of
 * {@link io.ccrj.mpi.jcstress.broken} run there as a negative control, each required to fail.
 *
 * <p>Not part of the module's normal build: the Maven profile {@code jcstress} of ccr-mpi adds
 * this source root and shades {@code ccr-mpi/target/jcstress.jar}; {@code bin/lib/after-test.sh}
 * (run by {@code bin/ccrj test}) builds and runs it:
 * <pre>
 * ./mvnw -B -ntp -q -Pjcstress -pl ccr-mpi -am -DskipTests package
 * java -jar ccr-mpi/target/jcstress.jar -m quick -sc false -c 2 -t '^io\.ccrj\.mpi\.jcstress\.(?![A-Za-z0-9_]*Broken)[A-Z]'
 * java -jar ccr-mpi/target/jcstress.jar -m quick -sc false -c 2 -t '^io\.ccrj\.mpi\.jcstress\.(broken\.|[A-Za-z0-9_]*Broken)'
 * </pre>
 */
package io.ccrj.mpi.jcstress;
