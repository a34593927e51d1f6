package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import java.util.ArrayList;
import java.util.List;

/**
 * Allreduce with every operation on every datatype ({@link OpCase#all()}), from an offset of the
 * send buffer into an offset of the receive buffer.
 */
public final class AllreduceKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        List<Object> out = new ArrayList<>();
        for (OpCase oc : OpCase.all()) {
            Object send = Values.sentinel(oc.type(), oc.count() + 1);
            System.arraycopy(oc.operand(r), 0, send, 1, oc.count());
            Object recv = Values.sentinel(oc.type(), oc.count() + 1);
            comm.allreduce(send, 1, recv, 0, oc.count(), oc.type(), oc.op());
            out.add(recv);
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        for (OpCase oc : OpCase.all()) {
            Object recv = Values.sentinel(oc.type(), oc.count() + 1);
            System.arraycopy(oc.reduced(n), 0, recv, 0, oc.count());
            out.add(recv);
        }
        return out;
    }
}
