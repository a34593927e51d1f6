package io.ccrj.mpi.mpjexpress.examples;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressCluster;
import io.ccrj.mpi.mpjexpress.MpjExpressHome;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The examples of docs/mpj-express.md: the tagged regions are copied
 * into the guide verbatim ({@link DocsSnippetsTest}) and run by {@link MpjExpressExamplesTest}.
 */
final class MpjExpressExamples {

    private MpjExpressExamples() {
    }

    // tag::kernel[]
    /** A kernel: each rank's share of a dot product, summed on every rank. */
    public static final class DotProduct implements Kernel<Double> {
        @Override
        public Double run(Comm comm) {
            int n = 1_000;
            double partial = 0;
            for (int i = comm.rank(); i < n; i += comm.size()) {
                partial += i * 0.5;
            }
            double[] sum = new double[1];
            comm.allreduce(new double[] {partial}, 0, sum, 0, 1, Datatype.DOUBLE, Op.SUM);
            return sum[0];
        }
    }
    // end::kernel[]

    static List<List<Double>> bothBackends() {
        // tag::bothBackends[]
        Kernel<Double> kernel = new DotProduct();
        List<Double> onCcrMpi = SpmdWorld.run(4, kernel);
        List<Double> onMpjExpress = MpjExpressWorld.run(4, kernel);      // same kernel, unchanged
        // both: [249750.0, 249750.0, 249750.0, 249750.0]
        // end::bothBackends[]
        return List.of(onCcrMpi, onMpjExpress);
    }

    static List<Double> onTheClusterDevice() throws IOException {
        // tag::cluster[]
        List<Double> results;
        try (MpjExpressCluster cluster = MpjExpressCluster.builder().processes(2).start()) {  // its daemon, on free ports
            results = cluster.run(DotProduct.class);         // 2 JVMs on niodev; [249750.0, 249750.0]
        }                                                    // close ends the daemon and its processes
        // end::cluster[]
        return results;
    }

    static MpjExpressHome privateHome(Path target) throws IOException {
        // tag::privateCopy[]
        MpjExpressHome home = MpjExpressHome.detect()                 // $MPJ_HOME or /usr/share/mpj
                .privateCopy(target, 40055, 40052, 40002);              // daemon, port manager, mpjrun ports
        // end::privateCopy[]
        return home;
    }
}
