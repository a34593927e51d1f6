/*
 * The native MPI peer of ccrj's MPI-3 table: nonblocking allreduce, one-sided windows and a
 * neighbourhood all-to-all, timed as ccr-mpi's benchmarks time them (IallreduceLatencyBenchmark,
 * IallreduceOverlapBenchmark, WindowLatencyBenchmark, NeighborAlltoallBenchmark: the same
 * operations back to back on every rank, every rank targeting its right neighbour), built by
 * `bin/ccrj mpi` with the machine's mpicc and run with its mpirun.
 *
 * Usage: mpirun -np N native_mpi3 REPETITIONS OPERATIONS LARGE_OPERATIONS LIST
 * LIST is a comma-separated list of the operations below. For each, one untimed warm-up
 * repetition, then REPETITIONS timed ones of OPERATIONS calls each (LARGE_OPERATIONS for the
 * 10^5-double allreduce and the 1 MB put); rank 0 prints one line per timed repetition,
 * "<operation> <nanoseconds per call>", the slowest rank's time:
 *   iallreduce        MPI_Iallreduce (SUM) of one double and MPI_Wait at once;
 *   overlap           three lines per repetition, as the OSU micro-benchmarks (osu_iallreduce):
 *                     overlap-pure (MPI_Iallreduce of 10^5 doubles, then MPI_Wait),
 *                     overlap-compute (a busy loop as long as the warm-up's pure time, no MPI call),
 *                     overlap-overall (MPI_Iallreduce, the loop, MPI_Wait);
 *   put-flush         MPI_Put of one double and MPI_Win_flush, in an MPI_Win_lock_all epoch opened once;
 *   get-flush         MPI_Get of one double and MPI_Win_flush, likewise;
 *   put-fence         MPI_Put of one double closed by MPI_Win_fence;
 *   fetch-and-op      MPI_Fetch_and_op (SUM) of one long and MPI_Win_flush, in a lock-all epoch;
 *   compare-and-swap  MPI_Compare_and_swap of one long and MPI_Win_flush, in a lock-all epoch;
 *   put-1mb-flush     MPI_Put of 1 MB (131,072 doubles) and MPI_Win_flush, in a lock-all epoch;
 *   neighbor-alltoall MPI_Neighbor_alltoall of one double per neighbour on a periodic 2-D
 *                     Cartesian grid (MPI_Dims_create), blocking.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OVERLAP_DOUBLES 100000
#define MB_DOUBLES (1 << 17)

static double sink;                               /* keeps the computation's result alive */

/* The OSU-style computation: a data-dependent loop checked against the clock, no MPI call. */
static void compute(double seconds) {
    double end = MPI_Wtime() + seconds;
    double x = 1;
    while (MPI_Wtime() < end) {
        for (int i = 0; i < 64; i++) {
            x = x * 1.000001 + 1e-9;
        }
    }
    sink += x;
}

/* The slowest rank's time per call, in nanoseconds, on rank 0. */
static double slowest(double elapsed, long ops) {
    double max;
    MPI_Reduce(&elapsed, &max, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Bcast(&max, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    return max * 1e9 / ops;
}

static double iallreduce(long ops) {
    double x = 1.0, y = 0.0;
    MPI_Request r;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (long i = 0; i < ops; i++) {
        MPI_Iallreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    double ns = slowest(MPI_Wtime() - start, ops);
    sink += y;
    return ns;
}

/* phase 0: pure, 1: compute alone, 2: overall. */
static double overlap(int phase, long ops, double compute_seconds, double *in, double *out) {
    MPI_Request r;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (long i = 0; i < ops; i++) {
        if (phase == 1) {
            compute(compute_seconds);
            continue;
        }
        MPI_Iallreduce(in, out, OVERLAP_DOUBLES, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r);
        if (phase == 2) {
            compute(compute_seconds);
        }
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    return slowest(MPI_Wtime() - start, ops);
}

static double window(const char *op, long ops, int rank, int size) {
    int large = strcmp(op, "put-1mb-flush") == 0;
    int atomic = strcmp(op, "fetch-and-op") == 0 || strcmp(op, "compare-and-swap") == 0;
    int fence = strcmp(op, "put-fence") == 0;
    int elements = large ? MB_DOUBLES : 2;
    int unit = atomic ? (int) sizeof(long) : (int) sizeof(double);
    void *base;
    MPI_Win win;
    MPI_Win_allocate((MPI_Aint) elements * unit, unit, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    memset(base, 0, (size_t) elements * unit);
    int right = (rank + 1) % size;
    double one = rank, got = 0;
    double *mb = large ? calloc(MB_DOUBLES, sizeof(double)) : NULL;
    long add = 1, cas = 0, result = 0;
    if (fence) {
        MPI_Win_fence(0, win);
    } else {
        MPI_Win_lock_all(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (long i = 0; i < ops; i++) {
        if (strcmp(op, "put-flush") == 0) {
            MPI_Put(&one, 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
            MPI_Win_flush(right, win);
        } else if (strcmp(op, "get-flush") == 0) {
            MPI_Get(&got, 1, MPI_DOUBLE, right, 1, 1, MPI_DOUBLE, win);
            MPI_Win_flush(right, win);
        } else if (fence) {
            MPI_Put(&one, 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
            MPI_Win_fence(0, win);
        } else if (strcmp(op, "fetch-and-op") == 0) {
            MPI_Fetch_and_op(&add, &result, MPI_LONG, right, 0, MPI_SUM, win);
            MPI_Win_flush(right, win);
        } else if (strcmp(op, "compare-and-swap") == 0) {
            MPI_Compare_and_swap(&cas, &cas, &result, MPI_LONG, right, 1, win);
            MPI_Win_flush(right, win);
        } else {
            MPI_Put(mb, MB_DOUBLES, MPI_DOUBLE, right, 0, MB_DOUBLES, MPI_DOUBLE, win);
            MPI_Win_flush(right, win);
        }
    }
    double elapsed = MPI_Wtime() - start;
    if (!fence) {
        MPI_Win_unlock_all(win);
    }
    MPI_Win_free(&win);
    free(mb);
    sink += got + result;
    return slowest(elapsed, ops);
}

static double neighbor_alltoall(long ops, int size) {
    int dims[2] = {0, 0};
    int periods[2] = {1, 1};
    MPI_Comm grid;
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    int rank;
    MPI_Comm_rank(grid, &rank);
    double send[4], recv[4];
    for (int i = 0; i < 4; i++) {
        send[i] = rank;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (long i = 0; i < ops; i++) {
        MPI_Neighbor_alltoall(send, 1, MPI_DOUBLE, recv, 1, MPI_DOUBLE, grid);
    }
    double elapsed = MPI_Wtime() - start;
    MPI_Comm_free(&grid);
    sink += recv[0];
    return slowest(elapsed, ops);
}

static int known(const char *op) {
    const char *all[] = {"iallreduce", "overlap", "put-flush", "get-flush", "put-fence", "fetch-and-op",
                         "compare-and-swap", "put-1mb-flush", "neighbor-alltoall"};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (strcmp(op, all[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

static void print(int rank, const char *op, double ns) {
    if (rank == 0) {
        printf("%s %.3f\n", op, ns);
        fflush(stdout);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 5 || size < 2) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np N (N >= 2) %s REPETITIONS OPERATIONS LARGE_OPERATIONS LIST\n", argv[0]);
        }
        MPI_Finalize();
        return 2;
    }
    int reps = atoi(argv[1]);
    long ops = atol(argv[2]);
    long large = atol(argv[3]);
    char *list = strdup(argv[4]);
    for (char *op = strtok(list, ","); op != NULL; op = strtok(NULL, ",")) {
        if (!known(op)) {
            if (rank == 0) {
                fprintf(stderr, "%s: unknown operation '%s'\n", argv[0], op);
            }
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    free(list);
    list = strdup(argv[4]);
    double *in = NULL, *out = NULL;
    for (char *op = strtok(list, ","); op != NULL; op = strtok(NULL, ",")) {
        if (strcmp(op, "iallreduce") == 0) {
            iallreduce(ops);                      /* warm-up */
            for (int r = 0; r < reps; r++) {
                print(rank, op, iallreduce(ops));
            }
        } else if (strcmp(op, "overlap") == 0) {
            if (in == NULL) {
                in = malloc(OVERLAP_DOUBLES * sizeof(double));
                out = malloc(OVERLAP_DOUBLES * sizeof(double));
                for (int i = 0; i < OVERLAP_DOUBLES; i++) {
                    in[i] = rank + 1.0;
                }
            }
            /* The warm-up's pure time (the slowest rank's, the same on every rank) sizes the computation. */
            double compute_seconds = overlap(0, large, 0, in, out) / 1e9;
            for (int r = 0; r < reps; r++) {
                print(rank, "overlap-pure", overlap(0, large, 0, in, out));
                print(rank, "overlap-compute", overlap(1, large, compute_seconds, in, out));
                print(rank, "overlap-overall", overlap(2, large, compute_seconds, in, out));
            }
        } else if (strcmp(op, "neighbor-alltoall") == 0) {
            neighbor_alltoall(ops, size);
            for (int r = 0; r < reps; r++) {
                print(rank, op, neighbor_alltoall(ops, size));
            }
        } else {
            long n = strcmp(op, "put-1mb-flush") == 0 ? large : ops;
            window(op, n, rank, size);
            for (int r = 0; r < reps; r++) {
                print(rank, op, window(op, n, rank, size));
            }
        }
    }
    free(list);
    free(in);
    free(out);
    if (sink == -1.0) {
        printf("unreachable\n");
    }
    MPI_Finalize();
    return 0;
}
