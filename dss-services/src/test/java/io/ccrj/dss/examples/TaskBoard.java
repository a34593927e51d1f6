package io.ccrj.dss.examples;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.JsonBodies;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

import java.util.LinkedHashMap;
import java.util.Map;

// tag::service[]
/** A task board: its Insert assigns each new task's key, its Query picks tasks by priority. */
public final class TaskBoard extends Service<TaskBoard.State> {
    /** How urgent a task is. */
    public enum Priority { LOW, NORMAL, HIGH }

    /** One task. */
    public record Task(String title, Priority priority, boolean done) {
    }

    /** The state: the tasks by key, and the number the next key is made from. */
    public record State(Map<String, Task> tasks, long next) {
        public State {
            tasks = tasks == null ? Map.of() : Map.copyOf(tasks);
        }
    }

    /** What Insert takes: {"title": "...", "priority": "HIGH"}; the title is required. */
    public record NewTask(@JsonProperty(required = true) String title, Priority priority) {
    }

    /** What Query takes, as a body or as ?priority=HIGH: null or absent for every task. */
    public record ByPriority(Priority priority) {
    }

    public TaskBoard() {
        super(State.class, new State(Map.of(), 1));
    }

    @Override
    public String contract() {
        return "tasks";
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.SUBSCRIBE)
                .on(Verb.INSERT, op -> {
                    // the host has checked the body against NewTask's schema: a title, a known priority
                    NewTask t = op.bodyAs(NewTask.class);
                    long n = state().next();
                    while (state().tasks().containsKey("t" + n)) {
                        n++;
                    }
                    String key = "t" + n;
                    Map<String, Task> tasks = new LinkedHashMap<>(state().tasks());
                    Task task = new Task(t.title(), t.priority() == null ? Priority.NORMAL : t.priority(), false);
                    tasks.put(key, task);
                    setState(new State(tasks, n + 1));
                    // 201 with Location: /services/{name}/items/t1, {"key":"t1","value":{...}} to the
                    // caller and to the subscribers
                    op.respondInserted(key, JsonBodies.toTree(task));
                })
                .on(Verb.QUERY, op -> {
                    // GET .../query?priority=HIGH or POST .../query with {"priority": "HIGH"}
                    Priority p = op.body() != null ? op.bodyAs(ByPriority.class).priority()
                            : op.query().containsKey("priority") ? Priority.valueOf(op.query().get("priority")) : null;
                    Map<String, Task> picked = new LinkedHashMap<>();
                    state().tasks().forEach((key, task) -> {
                        if (p == null || task.priority() == p) {
                            picked.put(key, task);
                        }
                    });
                    op.respond(JsonBodies.toTree(new State(picked, state().next())));
                })
                .on(Verb.DELETE, op -> {
                    if (!state().tasks().containsKey(op.key())) {
                        throw new Fault(FaultCode.NOT_FOUND, "no task '" + op.key() + "'");
                    }
                    Map<String, Task> tasks = new LinkedHashMap<>(state().tasks());
                    tasks.remove(op.key());
                    setState(new State(tasks, state().next()));
                    op.respondState();
                })
                .types(Verb.INSERT, NewTask.class, null)
                .types(Verb.QUERY, ByPriority.class, State.class)
                .types(Verb.DELETE, null, State.class);
    }
}
// end::service[]
