package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public class Comm implements Freeable, Cloneable {
    public static final int TYPE_SHARED = 0;
    public Comm clone() {
        throw new UnsupportedOperationException();
    }
    public Comm dup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Comm iDup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Comm dupWithInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request getRequest() {
        throw new UnsupportedOperationException();
    }
    public final int getSize() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int getRank() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final boolean isNull() {
        throw new UnsupportedOperationException();
    }
    public final void setInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Info getInfo() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void disconnect() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Group getGroup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final boolean isInter() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag, Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source, int recvtag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request ibSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request isSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request irSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iRecv(java.nio.Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Prequest sendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Prequest bSendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Prequest sSendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Prequest rSendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Prequest recvInit(java.nio.Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int packSize(int incount, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status iProbe(int source, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status probe(int source, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int createKeyval() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void freeKeyval(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void setAttr(int keyval, Object value) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Object getAttr(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void deleteAttr(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int getTopology() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void abort(int errorcode) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Errhandler getErrhandler() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void barrier() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iBarrier() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iBcast(java.nio.Buffer buf, int count, Datatype type, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iGather(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iGather(java.nio.Buffer buf, int count, Datatype type, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iGatherv(java.nio.Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScatter(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScatter(java.nio.Buffer buf, int count, Datatype type, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScatterv(java.nio.Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScatterv(java.nio.Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScatterv(java.nio.Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllGather(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllGather(java.nio.Buffer buf, int count, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllGatherv(java.nio.Buffer buf, int[] count, int[] displs, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllToAll(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllToAllv(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allToAllw(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes, java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllToAllw(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes, java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iNeighborAllGather(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iNeighborAllGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iNeighborAllToAll(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iNeighborAllToAllv(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iReduce(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iReduce(java.nio.Buffer buf, int count, Datatype type, Op op, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllReduce(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iAllReduce(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iReduceScatter(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int[] recvcounts, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iReduceScatter(java.nio.Buffer buf, int[] counts, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iReduceScatterBlock(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int recvcount, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iReduceScatterBlock(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void setName(String name) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final String getName() throws MPIException {
        throw new UnsupportedOperationException();
    }
    protected Comm() {
    }
}
