/**
 * JCStress tests of the races the port lock and the arbiters decide: {@code Port.post} against
 * receiver registration and cancellation ({@link io.ccrj.core.jcstress.PostVersusRegistrationTests}),
 * choice branches against each other ({@link io.ccrj.core.jcstress.ChoiceTests}), and the parts
 * of joins arriving concurrently ({@link io.ccrj.core.jcstress.JoinTests}), a persistent
 * receive's reuse of its spent tasks against posts ({@link io.ccrj.core.jcstress.TaskReuseTests},
 * on real dispatchers), and posts racing the direct path of a persistent receive
 * ({@link io.ccrj.core.jcstress.DirectPathTests}, on a real one-worker dispatcher), and a two-worker
 * dispatcher's batches of tasks per token against submits, suspension and disposal
 * ({@link io.ccrj.core.jcstress.BatchTakeTests}), and posts racing the direct path of a persistent
 * receive there, shared by the workers ({@link io.ccrj.core.jcstress.RingPathTests}). The dispatcher's
 * idle handshake (a post or a kept queue against a worker about to nap or park, with broken
 * variants the run reports as caught) is modelled by {@code io.ccrj.core.internal.IdleHandshakeTests},
 * in the internal package of this source root because it drives package-private steps. One nested class per
 * property; every outcome is described, and the ones the runtime must never produce are
 * {@code FORBIDDEN}.
 *
 * <p>Handlers run on an inline queue ({@link io.ccrj.core.jcstress.Inline}), so what they do is
 * part of the actor that triggered them and visible to the {@code @Arbiter}.
 *
 * <p>Not part of the module's normal build: the Maven profile {@code jcstress} of ccr-core adds
 * this source root and shades {@code ccr-core/target/jcstress.jar}; {@code bin/lib/after-test.sh}
 * (run by {@code bin/ccrj test}) builds and runs it:
 * <pre>
 * ./mvnw -B -ntp -q -Pjcstress -pl ccr-core -DskipTests package
 * java -jar ccr-core/target/jcstress.jar -m quick -sc false -c 2 -t JoinTests
 * </pre>
 */
package io.ccrj.core.jcstress;
