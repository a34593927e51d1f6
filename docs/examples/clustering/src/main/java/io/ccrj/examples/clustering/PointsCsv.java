package io.ccrj.examples.clustering;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads points from CSV text: one point per line, its coordinates as numbers separated by commas
 * (spaces around them are allowed), every line with the same number of them. Blank lines are
 * skipped; nothing else is: no header, no quotes, no comments.
 */
public final class PointsCsv {
    private PointsCsv() {
    }

    /** Input that is not a set of points: the message names the line and what is wrong with it. */
    public static final class BadInputException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /**
         * @param message what is wrong, and where
         */
        public BadInputException(String message) {
            super(message);
        }
    }

    /**
     * Reads a file.
     *
     * @param file the file
     * @return its points
     * @throws BadInputException naming the file and the line of the first problem
     * @throws IOException if it cannot be read
     */
    public static Points read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new BadInputException(file + ": not UTF-8 text");
        }
    }

    /**
     * Reads CSV text.
     *
     * @param text the text
     * @param name what to call it in messages
     * @return its points
     * @throws BadInputException naming the line of the first problem
     */
    public static Points parse(String text, String name) {
        try {
            return read(new StringReader(text), name);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringReader does not fail
        }
    }

    private static Points read(Reader reader, String name) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        double[] values = new double[1024];
        int used = 0;
        int d = -1;
        int firstLine = 0;
        int n = 0;
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split(",", -1);
            if (d < 0) {
                d = fields.length;
                firstLine = lineNo;
            } else if (fields.length != d) {
                throw new BadInputException(name + " line " + lineNo + ": " + fields.length + " values, but line "
                        + firstLine + " has " + d + " (every point needs the same number of coordinates)");
            }
            if (used + d > values.length) {
                if (values.length > Integer.MAX_VALUE / 2) {
                    throw new BadInputException(name + " line " + lineNo + ": too many points for one array");
                }
                values = Arrays.copyOf(values, Math.max(values.length * 2, used + d));
            }
            for (int j = 0; j < d; j++) {
                String f = fields[j].strip();
                double v;
                try {
                    if (f.isEmpty()) {
                        throw new NumberFormatException();
                    }
                    v = Double.parseDouble(f);
                } catch (NumberFormatException e) {
                    throw new BadInputException(name + " line " + lineNo + ", value " + (j + 1) + ": '" + shorten(f)
                            + "' is not a number");
                }
                if (!Double.isFinite(v)) {
                    throw new BadInputException(name + " line " + lineNo + ", value " + (j + 1) + ": '" + shorten(f)
                            + "' is not a finite number");
                }
                if (!isPlainNumber(f)) {
                    throw new BadInputException(name + " line " + lineNo + ", value " + (j + 1) + ": '" + shorten(f)
                            + "' is not a decimal number");
                }
                values[used++] = v;
            }
            n++;
        }
        if (n == 0) {
            throw new BadInputException(name + ": no points (the file is empty)");
        }
        return new Points(n, d, Arrays.copyOf(values, used));
    }

    /** Java also parses "NaN", "Infinity", hex floats and a trailing d/f: only decimal numbers are points. */
    private static boolean isPlainNumber(String f) {
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
                return false;
            }
        }
        return true;
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
