package io.ccrj.bench.cli;

/** A bad command line of one of the runners; the message names the bad option. */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, naming the option
     */
    public UsageException(String message) {
        super(message);
    }
}
