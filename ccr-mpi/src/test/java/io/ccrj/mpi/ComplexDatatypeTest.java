package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Datatype#FLOAT_COMPLEX} and {@link Datatype#DOUBLE_COMPLEX}: (real, imaginary) pairs that
 * travel as two base elements and reduce as complex numbers ({@link Op#PROD} is complex
 * multiplication), checked against values computed by hand.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ComplexDatatypeTest {

    /** Rank r's two complex numbers: (r+1) + (r+2)i and 0 + (r+1)i. */
    private static double[] operand(int r) {
        return new double[] {r + 1, r + 2, 0, r + 1};
    }

    // By hand: (1+2i)(2+3i) = -4+7i; (-4+7i)(3+4i) = -40+5i; i*2i = -2; -2*3i = -6i.
    private static final double[][] SUM = {null, null, {3, 5, 0, 3}, {6, 9, 0, 6}};
    private static final double[][] PROD = {null, null, {-4, 7, -2, 0}, {-40, 5, 0, -6}};

    /** The values, -0.0 as 0.0 (a product's zero part may carry either sign, as IEEE arithmetic gives it). */
    private static String str(double[] a) {
        return Arrays.toString(Arrays.stream(a).map(x -> x + 0.0).toArray());
    }

    private static String str(float[] a) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i];
        }
        return str(d);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void allreduceSumAndProdAreComplex(int n) {
        List<String> results = SpmdWorld.run(n, comm -> {
            double[] d = operand(comm.rank());
            double[] dsum = new double[4];
            double[] dprod = new double[4];
            comm.allreduce(d, 0, dsum, 0, 2, Datatype.DOUBLE_COMPLEX, Op.SUM);
            comm.allreduce(d, 0, dprod, 0, 2, Datatype.DOUBLE_COMPLEX, Op.PROD);
            float[] f = new float[4];
            for (int i = 0; i < 4; i++) {
                f[i] = (float) d[i];
            }
            float[] fprod = new float[4];
            comm.allreduce(f, 0, fprod, 0, 2, Datatype.FLOAT_COMPLEX, Op.PROD);
            double[] rprod = new double[4];
            comm.reduce(d, 0, rprod, 0, 2, Datatype.DOUBLE_COMPLEX, Op.PROD, n - 1);
            // A type made of complex numbers only reduces as complex numbers too.
            double[] cprod = new double[4];
            comm.allreduce(d, 0, cprod, 0, 1, Datatype.contiguous(2, Datatype.DOUBLE_COMPLEX), Op.PROD);
            return str(dsum) + " " + str(dprod) + " " + str(fprod) + " " + (comm.rank() == n - 1 ? str(rprod) : "-")
                    + " " + str(cprod);
        });
        String p = str(PROD[n]);
        for (int r = 0; r < n; r++) {
            assertThat(results.get(r)).as("rank " + r).isEqualTo(str(SUM[n]) + " " + p + " " + p + " "
                    + (r == n - 1 ? p : "-") + " " + p);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void sendRecvAndBcastMoveBothParts(int n) {
        List<String> results = SpmdWorld.run(n, comm -> {
            double[] b = comm.rank() == 0 ? new double[] {1.5, -2.5, 3.5, 4.5} : new double[4];
            comm.bcast(b, 0, 2, Datatype.DOUBLE_COMPLEX, 0);
            float[] in = new float[2];
            int right = (comm.rank() + 1) % n;
            int left = (comm.rank() + n - 1) % n;
            Status st = comm.sendrecv(new float[] {comm.rank(), -comm.rank()}, 0, 1, Datatype.FLOAT_COMPLEX, right,
                    4, in, 0, 1, Datatype.FLOAT_COMPLEX, left, 4);
            return Arrays.toString(b) + " " + Arrays.toString(in) + " " + st.count(Datatype.FLOAT_COMPLEX) + " "
                    + st.count(Datatype.FLOAT);
        });
        for (int r = 0; r < n; r++) {
            int left = (r + n - 1) % n;
            assertThat(results.get(r)).isEqualTo("[1.5, -2.5, 3.5, 4.5] [" + (float) left + ", " + (float) -left
                    + "] 1 2");
        }
    }

    @Test
    void onlySumAndProdAreDefinedOnComplexNumbers() {
        for (Op op : List.of(Op.MAX, Op.MIN, Op.LAND, Op.BAND, Op.LOR, Op.BXOR, Op.MAXLOC, Op.MINLOC)) {
            assertThat(op.supports(Datatype.DOUBLE_COMPLEX)).as(op.name()).isFalse();
            assertThat(op.supports(Datatype.FLOAT_COMPLEX)).as(op.name()).isFalse();
        }
        assertThat(Op.SUM.supports(Datatype.FLOAT_COMPLEX) && Op.PROD.supports(Datatype.DOUBLE_COMPLEX)).isTrue();
        assertThat(Datatype.DOUBLE_COMPLEX.isComplex() && !Datatype.DOUBLE2.isComplex()).isTrue();
        Datatype mixed = Datatype.struct(new int[] {1, 1}, new int[] {0, 2},
                new Datatype[] {Datatype.DOUBLE_COMPLEX, Datatype.DOUBLE});
        assertThat(mixed.isComplex()).isFalse();
        assertThat(Op.PROD.supports(mixed) || Op.SUM.supports(mixed) || Op.MAX.supports(mixed))
                .as("complex and real parts mixed: no predefined reduction").isFalse();
        List<String> results = SpmdWorld.run(2, comm -> {
            try {
                comm.allreduce(new double[2], 0, new double[2], 0, 1, Datatype.DOUBLE_COMPLEX, Op.MAX);
                return "reduced";
            } catch (MpiException e) {
                return e.errorClass() + " " + e.getMessage();
            }
        });
        assertThat(results).allMatch(s -> s.startsWith("OP ") && s.contains("MAX is not defined on datatype"));
        assertThat(Datatype.FLOAT_COMPLEX.size()).isEqualTo(2);
        assertThat(Datatype.FLOAT_COMPLEX.base()).isEqualTo(Datatype.Base.FLOAT);
    }
}
