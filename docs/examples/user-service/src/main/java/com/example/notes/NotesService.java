package com.example.notes;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Handlers;
import io.ccrj.dss.Service;
import io.ccrj.dss.Verb;

import java.util.ArrayList;
import java.util.List;

/** A list of notes: Get and Subscribe are standard; the action "add" appends one. */
public final class NotesService extends Service<NotesService.State> {
    /** The state: the notes, oldest first. */
    public record State(List<String> notes) {
    }

    public NotesService() {
        super(State.class, new State(List.of()));
    }

    /** The contract id a manifest names (found through META-INF/services/io.ccrj.dss.Service). */
    @Override
    public String contract() {
        return "notes";
    }

    @Override
    protected void bind(Handlers h) {
        h.standard(Verb.GET, Verb.SUBSCRIBE)
                .action("add", op -> {
                    String text = op.bodyOrEmpty().asText();
                    if (text.isBlank()) {
                        throw new Fault(FaultCode.BAD_REQUEST, "a note is a non-empty JSON string");
                    }
                    List<String> notes = new ArrayList<>(state().notes());
                    notes.add(text);
                    setState(new State(List.copyOf(notes)));
                    op.respondState();
                });
    }
}
