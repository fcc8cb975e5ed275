/** One note of the sample server's in-memory store. */
export interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
}

/** A real, throwaway, in-memory notes store with predictable ids (note-1, note-2, …). */
export class NotesStore {
  private readonly notes = new Map<string, Note>();
  private next = 1;

  constructor(seed: Array<Omit<Note, "id">> = []) {
    for (const n of seed) this.create(n.title, n.body, n.tags);
  }

  create(title: string, body: string, tags: string[] = []): Note {
    const note = { id: `note-${this.next++}`, title, body, tags: [...tags] };
    this.notes.set(note.id, note);
    return note;
  }

  get(id: string): Note | undefined {
    return this.notes.get(id);
  }

  list(): Note[] {
    return [...this.notes.values()];
  }

  search(query: string, limit = 10): Note[] {
    const q = query.toLowerCase();
    return this.list()
      .filter(
        (n) => n.title.toLowerCase().includes(q) || n.body.toLowerCase().includes(q) || n.tags.includes(q),
      )
      .slice(0, limit);
  }

  update(id: string, patch: { title?: string; body?: string }): Note | undefined {
    const note = this.notes.get(id);
    if (!note) return undefined;
    if (patch.title !== undefined) note.title = patch.title;
    if (patch.body !== undefined) note.body = patch.body;
    return note;
  }

  delete(id: string): boolean {
    return this.notes.delete(id);
  }
}
