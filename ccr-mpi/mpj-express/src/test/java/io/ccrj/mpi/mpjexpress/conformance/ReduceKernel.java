package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import java.util.ArrayList;
import java.util.List;

/**
 * Reduce with every operation on every datatype ({@link OpCase#all()}: SUM, PROD, MIN, MAX,
 * commutative and non-commutative user operations), to a root that moves from case to case, into
 * an offset of the root's buffer; a non-root passes a sentinel buffer, which must stay untouched.
 */
public final class ReduceKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        List<OpCase> cases = OpCase.all();
        for (int c = 0; c < cases.size(); c++) {
            OpCase oc = cases.get(c);
            int root = c % n;
            Object recv = Values.sentinel(oc.type(), oc.count() + 2);
            comm.reduce(oc.operand(r), 0, recv, 2, oc.count(), oc.type(), oc.op(), root);
            out.add(recv);
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        List<OpCase> cases = OpCase.all();
        for (int c = 0; c < cases.size(); c++) {
            OpCase oc = cases.get(c);
            Object recv = Values.sentinel(oc.type(), oc.count() + 2);
            if (c % n == r) {
                System.arraycopy(oc.reduced(n), 0, recv, 2, oc.count());
            }
            out.add(recv);
        }
        return out;
    }
}
