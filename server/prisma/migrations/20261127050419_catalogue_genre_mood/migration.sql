-- Hand-written note (issue 11): genre and mood together walked the genre index and filtered most
-- rows out on the heap (R&B + Chill: 1.4 ms of execution at 100,000 beats; 0.3 ms with this).
-- CreateIndex
CREATE INDEX "beats_genre_mood_created_at_id_idx" ON "beats"("genre", "mood", "created_at" DESC, "id");
