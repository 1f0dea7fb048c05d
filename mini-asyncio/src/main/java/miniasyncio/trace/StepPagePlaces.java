package miniasyncio.trace;

/**
 * The step-through page's words for where a task waits, how a task failed, and a value too long
 * for a line: functions only, which {@link StepPageScript} calls as it draws a step. They come
 * first in the page's script and read the embedded {@code data} only when called.
 *
 * <ul>
 *   <li>A waiting place ({@code data.places[p]}) is the chain of the program's own frames,
 *       innermost first ("waits in Homework.awaitTask at Homework.java:42 ...", "called from
 *       Cycle.main (a lambda) at Cycle.java:13 ..."), the kit's and the JDK's frames folded into
 *       one note ("in the kit: Scheduler.syscall (+3 frames)"): a student reads their own lines.
 *   <li>A failure ({@code data.errors[k]}) is its class, its whole message (quoted, as every value
 *       is), where it was thrown, the program's frames (a recursion's call said once, with how
 *       often) and its cause, so that the line the step began at is not read as the throw.
 *   <li>A value ({@code txt(v)}) is a string, or a number naming a long text written once
 *       ({@code data.texts[k]}); one longer than a line is folded to a line, and its button
 *       unfolds it in place.
 * </ul>
 */
final class StepPagePlaces {

    private StepPagePlaces() {
    }

    static final String JS = """
            'use strict';
            // ---------------------------------------------------------------- long values
            const FOLD = 60; // characters: longer than a line on a phone, folded everywhere
            let longs = 0;   // ids that tie each fold button to its value (aria-controls)

            // the text a value field holds: a string, or k for data.texts[k]
            function textOf(v) {
              if (typeof v === 'number') return (data.texts || [])[v] ?? '';
              return v ?? '';
            }

            // A value as code; one longer than a line folded to one line, with a button that unfolds it
            // in place (and folds it again). A screen reader reads the whole value either way.
            function txt(v) {
              const text = textOf(v);
              if (text.length <= FOLD) return el('code', 'value', text);
              const box = el('span', 'long folded');
              const value = el('code', 'v', text);
              value.id = 'long' + (++longs);
              const button = el('button', 'unfold');
              button.type = 'button';
              button.setAttribute('aria-controls', value.id);
              const say = open => {
                button.textContent = open ? 'fold' : 'show all ' + count(text.length) + ' characters';
                button.setAttribute('aria-expanded', String(open));
              };
              say(false);
              button.addEventListener('click', () => say(!box.classList.toggle('folded')));
              box.append(value, button);
              return box;
            }

            // a result, "returned <value>" or "failed: <exception>": the word stays in sight while the value is folded
            function outcome(v) {
              const text = textOf(v), word = /^(returned |failed: )/.exec(text);
              return word ? [word[1], txt(text.slice(word[1].length))] : [txt(text)];
            }

            // a message as Java source writes a string: quoted, its line breaks and quotes escaped
            function quote(s) {
              return '"' + s.replace(/\\\\/g, '\\\\\\\\').replace(/"/g, '\\\\"').replace(/\\n/g, '\\\\n')
                .replace(/\\r/g, '\\\\r').replace(/\\t/g, '\\\\t') + '"';
            }

            // ---------------------------------------------------------------- places
            // data.places[p], or for a page of the older kind (a line index, no chains) that line alone
            function placeOf(p) {
              if (p === undefined || p === null || p < 0) return null;
              if (!data.places) return data.lines[p] ? { f: [p], more: 0, kit: 0, in: '' } : null;
              return data.places[p] || null;
            }

            // One frame: "waits in Homework.awaitTask at Homework.java:42 return (T) ...", "called from
            // Cycle.main (a lambda) at Cycle.java:13 ...", "thrown in Fails.deep at Fails.java:13 ...".
            function frame(i, how, cls) {
              const line = data.lines[i] || ['?', null, ''];
              const span = el('span', 'frame' + (cls ? ' ' + cls : ''));
              const from = how.endsWith(' from'); // "called from X", not "called from in X"
              if (line[2]) span.append(how + (from ? ' ' : ' in '), el('code', 'method', line[2]), ' at ');
              else span.append(how + (from ? ' ' : ' at '));
              span.append(el('code', 'file', line[0]));
              if (line[1]) span.append(' ', el('code', 'src', line[1]));
              return span;
            }

            // Where a task waits (how: "waits", or "resumed" for the running task): the program's frames,
            // innermost first, then the frames left out and the kit's, each folded into a note.
            function waits(p, how) {
              const place = placeOf(p);
              if (!place) return '';
              const box = el('span', 'waits');
              place.f.forEach((i, j) => box.append(frame(i, j === 0 ? how : 'called from')));
              if (place.more > 0) box.append(el('span', 'frame fold', 'and ' + count(place.more)
                + (place.more === 1 ? ' more frame' : ' more frames') + ' of the program'));
              if (place.kit > 0) {
                const others = place.kit - 1;
                box.append(el('span', 'frame kit', (place.f.length ? '' : how + ' ') + 'in the kit: ' + (place.in || '?')
                  + (others > 0 ? ' (+' + count(others) + (others === 1 ? ' frame)' : ' frames)') : '')));
              }
              return box;
            }

            // The short form, for the deadlock banner: the innermost line, and the innermost line in the file
            // of the task's own body (its outermost frame), which tells the tasks of a cycle apart: in the
            // homework, the program's line that called awaitTask; through a lock, the line that took it.
            function waitsBriefly(p, how) {
              const place = placeOf(p);
              if (!place || !place.f.length) return waits(p, how);
              const box = el('span', 'waits');
              box.append(frame(place.f[0], how));
              const file = i => (data.lines[i] || [''])[0].replace(/:\\d+$/, '');
              const home = place.more > 0 ? -1 : file(place.f[place.f.length - 1]);
              let k = place.f.findIndex((i, j) => j > 0 && file(i) === home);
              if (k < 0 && place.f.length > 1) k = 1;
              if (k > 0) box.append(frame(place.f[k], k === 1 ? 'called from'
                : 'called (' + count(k - 1) + (k === 2 ? ' call' : ' calls') + ' between) from'));
              return box;
            }

            // ---------------------------------------------------------------- failures
            // two frames the same line (a recursion): said once, with how often
            const sameLine = (a, b) => a === b || String(data.lines[a]) === String(data.lines[b]);

            // Where it was thrown, then the program's frames outwards and what was left out; folded (for
            // the results table, where room is short): the frames after the throw site under a summary.
            function stack(e, folded) {
              const box = el('span', 'frames');
              if (e.at >= 0) box.append(frame(e.at, 'thrown', 'thrown'));
              const own = e.f || [];
              const rest = own.length && e.at >= 0 && sameLine(own[0], e.at) ? own.slice(1) : own;
              const calls = [];
              for (let i = 0; i < rest.length;) {
                let j = i;
                while (j + 1 < rest.length && sameLine(rest[j + 1], rest[i])) j++;
                calls.push(frame(rest[i], 'called from'));
                if (j > i) calls.push(el('span', 'frame repeat', 'and the same call ' + count(j - i)
                  + (j - i === 1 ? ' more time' : ' more times')));
                i = j + 1;
              }
              const notes = [];
              if (e.more > 0) notes.push('and ' + count(e.more) + ' more of the program\\'s frames (not kept)');
              if (e.kit > 0) notes.push(count(e.kit) + (e.kit === 1 ? ' frame' : ' frames') + ' of the kit and the JDK, folded');
              if (notes.length) calls.push(el('span', 'frame fold', notes.join('; ')));
              if (!folded || calls.length === 0) {
                box.append(...calls);
              } else {
                const fold = el('details', 'callers');
                fold.append(el('summary', '', 'called from (' + count(calls.length) + (calls.length === 1 ? ' line)' : ' lines)')),
                  ...calls);
                box.append(fold);
              }
              return box;
            }

            // data.errors[k] as the page shows it: "java.lang.IllegalArgumentException: "the message"",
            // its stack, and "caused by ..." for each cause (folded: their callers under a summary). Null for none.
            function failure(k, folded, depth) {
              const e = k >= 0 && data.errors ? data.errors[k] : null;
              if (!e) return null;
              const box = el('span', 'error');
              const exc = el('span', 'exc');
              exc.append(el('code', 'cls', e.cls));
              if (e.msg !== null && e.msg !== undefined) exc.append(': ', txt(quote(e.msg)));
              if (e.cut > 0) exc.append(' (and ' + count(e.cut) + ' more characters, not kept)');
              box.append(exc, stack(e, folded));
              if (e.suppressed > 0) box.append(el('span', 'frame fold', count(e.suppressed) + ' suppressed'));
              if (e.cause >= 0 && (depth || 0) < 8) {
                const cause = el('span', 'cause', 'caused by ');
                cause.append(failure(e.cause, folded, (depth || 0) + 1) || '?');
                box.append(cause);
              }
              return box;
            }
            """;
}
