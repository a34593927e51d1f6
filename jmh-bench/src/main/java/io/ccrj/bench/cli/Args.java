package io.ccrj.bench.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The pieces every runner's option parser shares: {@code --name value} and {@code --name=value},
 * flags that take no value, whole numbers in a range, comma-separated lists. Every failure is a
 * {@link UsageException} whose message names the option.
 */
public final class Args {
    private Args() {
    }

    /**
     * Walks a command line: {@link #next()} returns each option's name ({@code --stages} of
     * {@code --stages=5} or {@code --stages 5}); {@link #value()} then takes its value, inline or
     * from the next argument, and {@link #flag()} checks that a flag was given none.
     */
    public static final class Cursor {
        private final String[] args;
        private int next;
        private String name;
        private String inline;

        /** @param args the command line */
        public Cursor(String[] args) {
            this.args = args.clone();
        }

        /** @return whether an argument is left */
        public boolean hasNext() {
            return next < args.length;
        }

        /** @return the next option's name (or the whole argument, if it has no inline value) */
        public String next() {
            String arg = args[next++];
            int eq = arg.indexOf('=');
            boolean hasInline = arg.startsWith("--") && eq > 0;
            name = hasInline ? arg.substring(0, eq) : arg;
            inline = hasInline ? arg.substring(eq + 1) : null;
            return name;
        }

        /** @return {@code true}; fails if the flag was given a value */
        public boolean flag() throws UsageException {
            if (inline != null) {
                throw new UsageException("option " + name + " takes no value");
            }
            return true;
        }

        /** @return the option's value: inline, or the next argument (which must not be an option) */
        public String value() throws UsageException {
            if (inline != null) {
                return inline;
            }
            if (next >= args.length || args[next].startsWith("--")) {
                throw new UsageException("option " + name + " needs a value");
            }
            return args[next++];
        }

        /** @return the option's value as a folder path; fails if blank */
        public java.nio.file.Path folder() throws UsageException {
            String v = value();
            if (v.isBlank()) {
                throw new UsageException("option " + name + " needs a folder");
            }
            return java.nio.file.Path.of(v);
        }

        /** @return the error for an option this parser does not know */
        public UsageException unknown() {
            String arg = inline != null ? name + "=" + inline : name;
            return new UsageException(arg.startsWith("-")
                    ? "unknown option '" + arg + "'"
                    : "unexpected argument '" + arg + "' (options start with --)");
        }
    }

    /** @return {@code s} as a whole number in {@code [min, max]}; underscores allowed */
    public static int intIn(String name, String s, int min, int max) throws UsageException {
        try {
            int v = Integer.parseInt(s.trim().replace("_", ""));
            if (v < min || v > max) {
                throw new UsageException("option " + name + ": " + s + " is out of range " + min + ".." + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException("option " + name + ": '" + s + "' is not a whole number");
        }
    }

    /** @return the comma-separated items of {@code value}, trimmed; an empty item fails */
    public static List<String> items(String name, String value) throws UsageException {
        List<String> out = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String s = part.trim();
            if (s.isEmpty()) {
                throw new UsageException("option " + name + ": empty item in '" + value + "'");
            }
            out.add(s);
        }
        return out;
    }
}
