package io.ccrj.dss.internal.runtime;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.Json;

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
@Internal
public final class StateFile {
    /**
     * A loaded state with its version.
     *
     * @param version the saved version
     * @param state the saved state
     */
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
     * Loads the state, refusing to start from anything but a readable state file or a certain
     * absence of one: a dangling symbolic link, a missing directory (an unmounted volume), a file
     * or directory the host may not read, or a file that is not a state file is an error naming
     * the file and the problem, never an empty start that would then be saved over the real state.
     *
     * @return the saved state, or {@code null} if there is no file yet (its directory exists)
     * @throws IOException if it cannot be read or is not a state file; the message names the file
     */
    public Loaded load() throws IOException {
        if (Files.isSymbolicLink(file) && !Files.exists(file)) {
            throw new IOException("state file " + file + " is a symbolic link to " + Files.readSymbolicLink(file)
                    + ", which does not exist (is its volume mounted?)");
        }
        Path dir = file.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IOException("the directory of state file " + file + " does not exist or is not a directory"
                    + " (is its volume mounted? create it first)");
        }
        if (!Files.exists(file)) {
            if (!Files.notExists(file)) {
                throw new IOException("cannot tell whether state file " + file + " exists (no permission on its directory?)");
            }
            if (dir != null && !Files.isWritable(dir)) {
                throw new IOException("state file " + file + " cannot be created: its directory is not writable");
            }
            return null;
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException("state file " + file + " is not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new IOException("state file " + file + " is not readable (no permission)");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IOException("state file " + file + " cannot be read: " + e.getMessage(), e);
        }
        if (new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).isBlank()) {
            throw new IOException("state file " + file + " is empty; a state file holds {\"version\": n, \"state\": {...}}");
        }
        JsonNode root;
        try {
            root = Json.TREE_READER.readValue(bytes);
        } catch (IOException e) {
            var loc = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe.getLocation() : null;
            throw new IOException("state file " + file + " is not valid JSON" + (loc == null ? "" : " (line " + loc.getLineNr()
                    + ", column " + loc.getColumnNr() + ")") + ": " + Json.firstLine(e), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new IOException("state file " + file + " is empty; a state file holds {\"version\": n, \"state\": {...}}");
        }
        if (!root.isObject() || !root.has("state")) {
            throw new IOException("state file " + file + " is not a ccrj state file: it needs {\"version\": n, \"state\": {...}}"
                    + ", it has " + (root.isObject() ? "the fields " + fieldNames(root) : "a JSON " + root.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        }
        JsonNode v = root.get("version");
        if (v != null && !(v.canConvertToExactIntegral() && v.canConvertToLong() && v.asLong() >= 0)) {
            throw new IOException("state file " + file + " has version " + v + "; a version is a whole number, 0 or more");
        }
        return new Loaded(v == null ? 0 : v.asLong(), root.get("state"));
    }

    private static java.util.List<String> fieldNames(JsonNode o) {
        java.util.List<String> names = new java.util.ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /**
     * Saves atomically and durably.
     *
     * @param version the state's version
     * @param state the state
     * @throws IOException if the disk refuses
     */
    public void save(long version, JsonNode state) throws IOException {
        save(version, Json.WRITER.writeValueAsBytes(state));
    }

    /**
     * Saves atomically and durably a state already written as JSON.
     *
     * @param version the state's version
     * @param stateJson the state's JSON bytes
     * @throws IOException if the disk refuses
     */
    public void save(long version, byte[] stateJson) throws IOException {
        byte[] head = ("{\"version\":" + version + ",\"state\":").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] bytes = new byte[head.length + stateJson.length + 1];
        System.arraycopy(head, 0, bytes, 0, head.length);
        System.arraycopy(stateJson, 0, bytes, head.length, stateJson.length);
        bytes[bytes.length - 1] = '}';
        Path dir = file.getParent();
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
