/*
 * The native MPI floor for ccrj's MPI latency table: ping-pong (half round trip), barrier,
 * bcast and allreduce of one double, timed as ccr-mpi's rank loops time them (the same
 * operations back to back), built by `bin/ccrj mpi` with the machine's mpicc and run with its
 * mpirun.
 *
 * Usage: mpirun -np N native_latency REPETITIONS OPERATIONS
 * For each operation, one untimed warm-up repetition, then REPETITIONS timed ones of OPERATIONS
 * calls each; rank 0 prints one line per timed repetition: "<operation> <nanoseconds per call>"
 * (ping-pong: per one-way message; it runs between ranks 0 and 1, the others sit it out).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double run(const char *op, int rank, long ops) {
    double x = rank + 1.0, y = 0.0;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (long i = 0; i < ops; i++) {
        if (strcmp(op, "ping-pong") == 0) {
            if (rank == 0) {
                MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (rank == 1) {
                MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                x += 1;
                MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
            }
        } else if (strcmp(op, "barrier") == 0) {
            MPI_Barrier(MPI_COMM_WORLD);
        } else if (strcmp(op, "bcast") == 0) {
            MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        } else {
            MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
    }
    double elapsed = MPI_Wtime() - start;
    /* every rank's time counts: the slowest rank's loop is the operation's time */
    double slowest;
    MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (x + y == -1.0) {
        printf("unreachable\n");                  /* keeps the results alive */
    }
    return slowest * 1e9 / ops / (strcmp(op, "ping-pong") == 0 ? 2 : 1);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np N %s REPETITIONS OPERATIONS\n", argv[0]);
        }
        MPI_Finalize();
        return 2;
    }
    int reps = atoi(argv[1]);
    long ops = atol(argv[2]);
    const char *all[] = {"ping-pong", "barrier", "bcast", "allreduce"};
    for (int o = 0; o < 4; o++) {
        if (o == 0 && size < 2) {
            continue;
        }
        run(all[o], rank, ops);                   /* warm-up */
        for (int r = 0; r < reps; r++) {
            double ns = run(all[o], rank, ops);
            if (rank == 0) {
                printf("%s %.3f\n", all[o], ns);
                fflush(stdout);
            }
        }
    }
    MPI_Finalize();
    return 0;
}
