package io.ccrj.dss.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A service's durable state: {@code {"version": n, "state": {...}}} in one file, replaced
 * atomically. A save writes {@code <file>.tmp}, forces it to the disk, renames it over the file
 * (atomic on POSIX file systems) and forces the directory, so after a crash the file holds either
 * the old or the new state, whole, and an acknowledged save survives.
 *
 * <p>Not thread-safe: the service runtime saves from its exclusive handlers only.
 */
public final class StateFile {
    /** A loaded state with its version. */
    public record Loaded(long version, JsonNode state) {
    }

    private final Path file;
    private final Path temp;

    /**
     * @param file the state file
     */
    public StateFile(Path file) {
        this.file = file.toAbsolutePath();
        this.temp = this.file.resolveSibling(this.file.getFileName() + ".tmp");
    }

    /** @return the file */
    public Path path() {
        return file;
    }

    /**
     * @return the saved state, or {@code null} if there is no file yet
     * @throws IOException if it cannot be read or is not a state file
     */
    public Loaded load() throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        JsonNode root = Json.TREE_READER.readValue(Files.readAllBytes(file));
        if (root == null || !root.isObject() || !root.has("state")) {
            throw new IOException("not a ccrj state file (needs {\"version\", \"state\"}): " + file);
        }
        return new Loaded(root.path("version").asLong(0), root.get("state"));
    }

    /**
     * Saves atomically and durably.
     *
     * @param version the state's version
     * @param state the state
     * @throws IOException if the disk refuses
     */
    public void save(long version, JsonNode state) throws IOException {
        ObjectNode root = Json.object();
        root.put("version", version);
        root.set("state", state);
        byte[] bytes = Json.WRITER.writeValueAsBytes(root);
        Path dir = file.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        if (dir != null) {
            forceDirectory(dir);
        }
    }

    private static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Some file systems cannot open or sync a directory; the rename itself is still atomic.
        }
    }
}
