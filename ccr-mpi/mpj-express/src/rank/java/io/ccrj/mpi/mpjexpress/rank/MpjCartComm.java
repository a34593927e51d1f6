package io.ccrj.mpi.mpjexpress.rank;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;

/**
 * ccr-mpi's {@link CartComm} over MPJ Express's {@code mpi.Cartcomm}. MPJ Express 0.44 returns -1
 * past a non-periodic edge where MPI says {@code PROC_NULL}: {@link #shift} maps it. Confined to
 * its rank's thread, as {@link MpjComm}.
 */
final class MpjCartComm extends MpjComm implements CartComm {
    private final mpi.Cartcomm cart;

    MpjCartComm(mpi.Cartcomm cart, RankContext context) {
        super(cart, context);
        this.cart = cart;
    }

    @Override
    public int[] dims() {
        return context.callNonBlocking("dims()", () -> cart.Get().dims.clone());
    }

    @Override
    public boolean[] periods() {
        return context.callNonBlocking("periods()", () -> cart.Get().periods.clone());
    }

    @Override
    public int[] coords(int r) {
        if (r < 0 || r >= size()) {
            throw new MpiException(ErrorClass.RANK, "coords: rank " + r + " is not in [0, " + size() + ")");
        }
        return context.callNonBlocking("coords(" + r + ")", () -> cart.Coords(r));
    }

    @Override
    public int rankOf(int[] coords) {
        return context.callNonBlocking("rankOf()", () -> cart.Rank(coords));
    }

    @Override
    public Shift shift(int direction, int disp) {
        mpi.ShiftParms p = context.callNonBlocking("shift(" + direction + ", " + disp + ")",
                () -> cart.Shift(direction, disp));
        return new Shift(p.rank_source < 0 ? Comm.PROC_NULL : p.rank_source,
                p.rank_dest < 0 ? Comm.PROC_NULL : p.rank_dest);
    }

    @Override
    public CartComm sub(boolean[] remainDims) {
        return new MpjCartComm(context.call("sub()", () -> cart.Sub(remainDims)), context);
    }
}
