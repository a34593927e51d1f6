package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.Internal;
import io.netty.buffer.ByteBuf;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 for what clients send: request bodies and percent-decoded paths and query
 * parameters. The JDK's decoder set to {@link CodingErrorAction#REPORT} refuses invalid bytes,
 * overlong forms (such as {@code C0 AF} for {@code /}) and encoded surrogates ({@code ED A0 80}),
 * where the replacing decoders behind {@code new String(bytes, UTF_8)} and Netty's
 * {@code QueryStringDecoder} would turn distinct inputs into the same text. Thread-safe (a
 * decoder per call).
 */
@Internal
public final class Utf8 {
    private Utf8() {
    }

    /**
     * @param buf bytes (not consumed)
     * @return {@code null} if they are valid UTF-8, else a sentence saying where they are not
     */
    public static String problem(ByteBuf buf) {
        if (buf == null || !buf.isReadable()) {
            return null;
        }
        // ASCII needs no decoder: the common case costs one pass over the bytes
        int i = buf.forEachByte(buf.readerIndex(), buf.readableBytes(), b -> b >= 0);
        if (i < 0) {
            return null;
        }
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(buf.nioBuffer(buf.readerIndex(), buf.readableBytes()));
            return null;
        } catch (CharacterCodingException e) {
            return "the body is not valid UTF-8 (it has an invalid byte, an overlong form or an encoded surrogate)";
        }
    }

    /** @return {@code true} if every char of {@code s} is ASCII (checked without allocating) */
    static boolean isAscii(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /**
     * Percent-decodes a path segment or query component strictly: {@code %XX} escapes must be
     * whole and the bytes they and the literal characters make must be valid UTF-8. Characters
     * up to U+00FF stand for one byte each (Netty reads the request line as ISO-8859-1, so raw
     * non-ASCII bytes sent in a URI arrive that way).
     *
     * @param s the raw text
     * @param plusIsSpace whether {@code +} means a space (query strings)
     * @return the decoded text
     * @throws IllegalArgumentException naming the problem
     */
    public static String percentDecode(String s, boolean plusIsSpace) {
        if (s.indexOf('%') < 0 && (!plusIsSpace || s.indexOf('+') < 0) && isAscii(s)) {
            return s; // the common case, checked without allocating (every request's path takes it)
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw new IllegalArgumentException("an incomplete percent-escape at the end of '" + s + "'");
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("an invalid percent-escape '" + s.substring(i, i + 3) + "'");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                out.write(' ');
            } else if (c <= 0xFF) {
                out.write(c); // the request line is read as ISO-8859-1: one char per byte sent
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(out.toByteArray()));
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the percent-escapes in '" + s + "' are not valid UTF-8"
                    + " (an invalid byte, an overlong form or an encoded surrogate)");
        }
    }
}
