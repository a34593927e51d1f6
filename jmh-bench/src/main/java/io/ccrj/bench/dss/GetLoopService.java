package io.ccrj.bench.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.HandlerKind;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.ResponsePort;
import io.ccrj.dss.Service;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Verb;

/**
 * The client service of the seeds' DSS experiment (seed 000 Fig. 13, seed 001 Fig. 9): its action
 * {@code run} with body {@code {"n": 200}} sends {@code n} two-way Gets to its partner
 * {@code target}, one at a time, each sent from the answer's callback of the one before (no
 * thread waits: the service-to-service path of DSS), and answers {@code {"nanos": t}}, the time
 * from the first Get to the last answer.
 *
 * <p>The action is {@link HandlerKind#CONCURRENT}: it answers later, from a partner's callback,
 * which an exclusive handler may not do (it would hold the interleave's exclusivity).
 */
public final class GetLoopService extends Service<GetLoopService.State> {
    /** Runs completed so far. */
    public record State(long runs) {
    }

    /** The partner name the Gets go to. */
    public static final String TARGET = "target";

    public GetLoopService() {
        super(State.class, new State(0));
    }

    @Override
    public String contract() {
        return "get-loop";
    }

    @Override
    protected void bind(Handlers h) {
        h.action("run", HandlerKind.CONCURRENT, op -> {
            int n = op.bodyOrEmpty().path("n").asInt(0);
            if (n < 1) {
                throw new Fault(FaultCode.BAD_REQUEST, "\"n\" must be a positive number of Gets");
            }
            new Loop(partner(TARGET), n, op).next(System.nanoTime());
        });
    }

    /** The chain of one run; touched by one callback at a time (each Get is sent after the last answer). */
    private static final class Loop {
        private final ServiceRef target;
        private final Operation run;
        private int left;
        private long start;

        Loop(ServiceRef target, int n, Operation run) {
            this.target = target;
            this.left = n;
            this.run = run;
        }

        void next(long begin) {
            start = begin;
            send();
        }

        private void send() {
            target.post(Operation.of(Verb.GET, null, null, ResponsePort.of(this::answered)));
        }

        private void answered(Response response, Fault fault) {
            if (fault != null) {
                run.fault(fault);
                return;
            }
            if (--left > 0) {
                send();
                return;
            }
            long nanos = System.nanoTime() - start;
            JsonNode body = json().createObjectNode().put("nanos", nanos);
            run.respond(body);
        }
    }
}
