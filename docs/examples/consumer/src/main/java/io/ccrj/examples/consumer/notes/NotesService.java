package io.ccrj.examples.consumer.notes;

import io.ccrj.dss.Handlers;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

import java.util.ArrayList;
import java.util.List;

/** A list of notes in a package this module opens to Jackson: Get is standard, "add" appends. */
public final class NotesService extends Service<NotesService.State> {
    /**
     * The state.
     *
     * @param notes the notes, oldest first
     */
    public record State(List<String> notes) {
    }

    /** An empty list. */
    public NotesService() {
        super(State.class, new State(List.of()));
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET).action("add", op -> {
            List<String> notes = new ArrayList<>(state().notes());
            notes.add(op.bodyOrEmpty().asText());
            setState(new State(List.copyOf(notes)));
            op.respondState();
        });
    }
}
