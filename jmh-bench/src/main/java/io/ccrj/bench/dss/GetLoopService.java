package io.ccrj.bench.dss;

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
 * The client service of the papers' DSS experiment (Qiu, Fox &amp; Ho 2006, Fig. 13; Qiu et al. 2007, Fig. 9): its action
 * {@code run} with body {@code {"n": 200}} sends {@code n} two-way Gets to its partner
 * {@code target}, one at a time, each sent from the answer's callback of the one before (no
 * thread waits: the service-to-service path of DSS), and answers {@code {"nanos": t}}, the time
 * from the first Get to the last answer. Its action {@code fan} with {@code {"n": k}} sends
 * {@code k} Gets to {@code target} at once and answers when every one is answered (each must
 * succeed): {@link DssPartnerBenchmark#pipelined}.
 *
 * <p>The actions are {@link HandlerKind#CONCURRENT}: they answer later, from a partner's callback,
 * which an exclusive handler may not do (it would hold the interleave's exclusivity).
 */
public final class GetLoopService extends Service<GetLoopService.State> {
    /** Kept at 0: the actions only send and time, and keep nothing between runs. */
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
            new Loop(partner(TARGET), n, op).send();
        });
        h.action("fan", HandlerKind.CONCURRENT, op -> {
            int n = op.bodyOrEmpty().path("n").asInt(1);
            ServiceRef target = partner(TARGET);
            // the handler and every answer run on the host's one event loop: a plain counter is enough
            int[] left = {n};
            for (int i = 0; i < n; i++) {
                target.post(Operation.of(Verb.GET, null, null, ResponsePort.of((r, f) -> {
                    if (f != null) {
                        op.fault(f);
                    } else if (--left[0] == 0) {
                        op.respond(r.body());
                    }
                })));
            }
        });
    }

    /** The chain of one run; touched by one callback at a time (each Get is sent after the last answer). */
    private static final class Loop {
        private final ServiceRef target;
        private final Operation run;
        private final long start = System.nanoTime();
        private int left;

        Loop(ServiceRef target, int n, Operation run) {
            this.target = target;
            this.left = n;
            this.run = run;
        }

        void send() {
            target.post(Operation.of(Verb.GET, null, null, ResponsePort.of(this::answered)));
        }

        private void answered(Response response, Fault fault) {
            if (fault != null) {
                run.fault(fault);
            } else if (--left > 0) {
                send();
            } else {
                long nanos = System.nanoTime() - start;
                run.respond(json().createObjectNode().put("nanos", nanos));
            }
        }
    }
}
