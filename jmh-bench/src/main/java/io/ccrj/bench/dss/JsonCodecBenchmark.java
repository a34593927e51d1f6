package io.ccrj.bench.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.SmallJson;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whether the host's own small JSON reader and writer ({@code SmallJson}) earn their place beside
 * Jackson: the host's real answers and bodies, read from and written to a Netty buffer as the host
 * does, by {@code SmallJson} and by Jackson with the host's reused {@code ObjectReader} and
 * {@code ObjectWriter} ({@code Json.TREE_READER}, {@code Json.WRITER}), in one run. Run it with
 * {@code -prof gc} for the allocation per operation.
 *
 * <p>The bodies, by size: a counter state ({@code ping}'s), a key-value item, a state of 20
 * items (about 1 KB), and an error answer.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class JsonCodecBenchmark {

    /** The host's bodies and answers, by size. */
    public enum Body {
        /** {@code ping}'s state. */
        COUNTER("{\"count\":7,\"name\":\"ping\"}"),
        /** One item of the key-value service. */
        ITEM("{\"key\":\"user-42\",\"value\":\"a value of some forty characters, plain\",\"version\":17}"),
        /** A state of 20 items. */
        STATE(state(20)),
        /** An error answer. */
        ERROR("{\"error\":\"precondition failed\",\"status\":412,\"detail\":\"the ETag \\\"18\\\" is not"
                + " the current one\"}");

        final String json;

        Body(String json) {
            this.json = json;
        }

        private static String state(int items) {
            StringBuilder sb = new StringBuilder("{\"items\":{");
            for (int i = 0; i < items; i++) {
                sb.append(i == 0 ? "" : ",").append("\"key-").append(i).append("\":{\"value\":\"value number ")
                        .append(i).append("\",\"version\":").append(i * 3).append('}');
            }
            return sb.append("},\"count\":").append(items).append('}').toString();
        }
    }

    /** The codec. */
    public enum Codec {
        /** The host's own reader and writer, Jackson for what they leave. */
        SMALL_JSON,
        /** Jackson, with the host's reused reader and writer. */
        JACKSON
    }

    @Param({"COUNTER", "ITEM", "STATE", "ERROR"})
    public Body body;

    @Param({"SMALL_JSON", "JACKSON"})
    public Codec codec;

    private ByteBuf text;
    private ByteBuf out;
    private JsonNode tree;

    /**
     * Prepares the body as text and as a tree.
     *
     * @throws IOException never for these bodies
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        byte[] bytes = body.json.getBytes(StandardCharsets.UTF_8);
        // a heap buffer: Jackson then reads its array in place, its best case
        text = PooledByteBufAllocator.DEFAULT.heapBuffer(bytes.length).writeBytes(bytes);
        out = PooledByteBufAllocator.DEFAULT.directBuffer(8192);
        tree = Json.TREE_READER.readValue(bytes);
        if (!Json.WRITER.writeValueAsString(tree).equals(body.json)) {
            throw new IllegalStateException("the body is not in Jackson's compact form: " + body);
        }
    }

    /** Releases the buffers. */
    @TearDown(Level.Trial)
    public void tearDown() {
        text.release();
        out.release();
    }

    /**
     * Reads the body into a tree, as the host reads a request body.
     *
     * @return the tree
     * @throws IOException never for these bodies
     */
    @Benchmark
    public JsonNode read() throws IOException {
        if (codec == Codec.SMALL_JSON) {
            return SmallJson.read(text);
        }
        return Json.TREE_READER.readValue(text.array(), text.arrayOffset() + text.readerIndex(), text.readableBytes());
    }

    /**
     * Writes the tree into a buffer, as the host writes an answer.
     *
     * @return the bytes written
     * @throws IOException never for these bodies
     */
    @Benchmark
    public int write() throws IOException {
        out.clear();
        if (codec == Codec.SMALL_JSON && SmallJson.tryWrite(tree, out)) {
            return out.writerIndex();
        }
        try (ByteBufOutputStream o = new ByteBufOutputStream(out)) {
            Json.WRITER.writeValue((java.io.OutputStream) o, tree);
        }
        return out.writerIndex();
    }
}
