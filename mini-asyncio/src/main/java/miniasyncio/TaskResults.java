package miniasyncio;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The scheduler's {@code results}: how each finished task ended, by tid. A {@code Map<Integer,
 * Step.Outcome>} like the lecture's {@code dict[int, object]}, stored as an array indexed by the
 * tid itself: tids are handed out one after another from 1, so the array is dense.
 *
 * <p>Why not a {@code HashMap}: every finished task kept an {@code Integer} key and a map node
 * (48 bytes, and as much again in the tables it outgrew), where here it keeps one slot of an
 * array (4 bytes). A key that is not a tid the array can hold (negative, or far beyond the tids
 * handed out) goes to a small {@code HashMap} on the side, so that every key still works.
 * Outcomes are never null: {@code put(tid, null)} is refused.
 */
final class TaskResults extends AbstractMap<Integer, Step.Outcome> {

    private Step.Outcome[] byTid = new Step.Outcome[64];
    private int inArray;
    private final Map<Integer, Step.Outcome> others = new HashMap<>();

    @Override
    public Step.Outcome get(Object key) {
        if (key instanceof Integer tid && tid >= 0 && tid < byTid.length) {
            return byTid[tid];
        }
        return others.isEmpty() ? null : others.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public Step.Outcome put(Integer tid, Step.Outcome outcome) {
        if (outcome == null) {
            throw new NullPointerException("results.put(" + tid + ", null): an outcome is a Step.Returned or a Step.Failed");
        }
        if (tid >= 0 && tid < byTid.length + 1024) {
            if (tid >= byTid.length) {
                byTid = Arrays.copyOf(byTid, Math.max(2 * byTid.length, tid + 1));
            }
            Step.Outcome old = byTid[tid];
            byTid[tid] = outcome;
            if (old == null) {
                inArray++;
            }
            return old;
        }
        return others.put(tid, outcome);
    }

    @Override
    public Step.Outcome remove(Object key) {
        if (key instanceof Integer tid && tid >= 0 && tid < byTid.length) {
            Step.Outcome old = byTid[tid];
            if (old != null) {
                byTid[tid] = null;
                inArray--;
            }
            return old;
        }
        return others.remove(key);
    }

    @Override
    public int size() {
        return inArray + others.size();
    }

    @Override
    public void clear() {
        Arrays.fill(byTid, null);
        inArray = 0;
        others.clear();
    }

    /** The tids in the array in increasing order, then the others. */
    @Override
    public Set<Entry<Integer, Step.Outcome>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return TaskResults.this.size();
            }

            @Override
            public Iterator<Entry<Integer, Step.Outcome>> iterator() {
                return new Iterator<>() {
                    private int next = advance(0);
                    private int last = -1;
                    private final Iterator<Entry<Integer, Step.Outcome>> rest = others.entrySet().iterator();
                    private boolean inRest;

                    private int advance(int from) {
                        while (from < byTid.length && byTid[from] == null) {
                            from++;
                        }
                        return from;
                    }

                    @Override
                    public boolean hasNext() {
                        return next < byTid.length || rest.hasNext();
                    }

                    @Override
                    public Entry<Integer, Step.Outcome> next() {
                        if (next < byTid.length) {
                            last = next;
                            next = advance(next + 1);
                            inRest = false;
                            return new SimpleEntry<>(last, byTid[last]) {
                                @Override
                                public Step.Outcome setValue(Step.Outcome value) {
                                    put(getKey(), value);
                                    return super.setValue(value);
                                }
                            };
                        }
                        if (!rest.hasNext()) {
                            throw new NoSuchElementException();
                        }
                        inRest = true;
                        return rest.next();
                    }

                    @Override
                    public void remove() {
                        if (inRest) {
                            rest.remove();
                        } else if (last >= 0 && byTid[last] != null) {
                            byTid[last] = null;
                            inArray--;
                            last = -1;
                        } else {
                            throw new IllegalStateException("remove() without a next() before it");
                        }
                    }
                };
            }
        };
    }
}
