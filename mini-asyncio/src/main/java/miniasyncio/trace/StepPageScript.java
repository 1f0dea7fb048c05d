package miniasyncio.trace;

/**
 * The step-through page's script: it reads the embedded steps and draws the one named in the
 * URL ({@code #step=N}), and moves with the buttons, the slider, the overview, the arrow keys.
 * No library, no network.
 *
 * <p>It reads top to bottom as the browser runs it: the data, one step drawn, the failures, the
 * output, the overview (and its list for the keyboard), the timeline, moving. The words for
 * where a task waits, how it failed and long values are {@link StepPagePlaces}' functions, which
 * come before it in the page.
 */
final class StepPageScript {

    private StepPageScript() {
    }

    static final String JS = """
            const data = JSON.parse(document.getElementById('steps').textContent);
            const snaps = data.snaps;
            const last = snaps.length - 1;
            const $ = id => document.getElementById(id);
            let at = 0, timer = null;
            let thinned = null; // {asked, shown}: the URL named a step that was not kept

            // "task 3 (worker B)"; a task with no name of its own is just "task 3"
            const label = (tid, name) => name === undefined || name === 'task ' + tid ? 'task ' + tid : 'task ' + tid + ' (' + name + ')';
            const count = n => n.toLocaleString('en');
            const ordinal = n => { // 2nd, 3rd, 4th, 11th, 21st, 1,024th
              const tens = n % 100, ones = n % 10;
              return count(n) + (tens >= 11 && tens <= 13 ? 'th' : ones === 1 ? 'st' : ones === 2 ? 'nd' : ones === 3 ? 'rd' : 'th');
            };
            const failedAt = new Map(data.failed.map(f => [f[0], f]));
            const secs = t => Number(t).toFixed(3) + ' s';
            const names = new Map();
            snaps.forEach(s => {
              if (s.tid) names.set(s.tid, s.name);
              for (const key of ['ready', 'sleeping', 'results', 'parked']) s[key].forEach(e => names.set(e[0], e[1]));
            });
            data.failed.forEach(f => names.set(f[0], f[1]));
            const nameOf = tid => names.has(tid) ? label(tid, names.get(tid)) : 'task ' + tid;
            function el(tag, cls, text) {
              const e = document.createElement(tag);
              if (cls) e.className = cls;
              if (text !== undefined) e.textContent = text;
              return e;
            }

            // ---------------------------------------------------------------- summary, task list
            (function summary() {
              const kept = snaps.length - 1;
              let s = data.steps.toLocaleString('en') + ' steps on the ' + data.clock + '; ';
              s += data.stride > 1
                ? 'kept every ' + ordinal(data.stride) + ' step, ' + kept.toLocaleString('en') + ' of them (at most '
                  + count(data.limit) + ', so that the page stays small), then the end. '
                : 'every step kept, then the end. ';
              s += 'Each structure lists at most ' + data.listed + ' entries, with its full size. '
                + 'A step shows what the loop holds while the task runs: it has just taken it from the front of ready.';
              if (data.failedN > 0) s += ' ' + count(data.failedN) + (data.failedN === 1 ? ' task' : ' tasks') + ' failed (listed under "failed tasks").';
              if (data.outputCut) s += ' The output was long: only its beginning was kept.';
              $('summary').textContent = s;
              const select = $('task');
              [...names.keys()].sort((a, b) => a - b).forEach(tid => {
                const o = el('option', '', nameOf(tid));
                o.value = tid;
                select.appendChild(o);
              });
            })();

            // ---------------------------------------------------------------- one step
            function cycleIn(s) {
              const waits = new Map(s.parked.map(e => [e[0], e[3]]));
              for (const startTid of waits.keys()) {
                const path = [];
                let tid = startTid;
                while (waits.has(tid) && !path.includes(tid)) { path.push(tid); tid = waits.get(tid); }
                if (path.includes(tid)) return path.slice(path.indexOf(tid)).concat([tid]);
              }
              return null;
            }

            // "task 2 (a) awaits task 3 (b) awaits task 2 (a)"; through a lock, "task 2 (A) awaits Lock #1 held by task 3 (B) ..."
            function chain(s, cycle) {
              const via = new Map(s.parked.map(e => [e[0], e[6]]));
              let text = nameOf(cycle[0]);
              for (let i = 1; i < cycle.length; i++) {
                const lock = via.get(cycle[i - 1]);
                text += ' awaits ' + (lock ? lock + ' held by ' : '') + nameOf(cycle[i]);
              }
              return text;
            }

            function entries(list, items, make, total, what) {
              list.replaceChildren();
              if (items.length === 0 && total === 0) list.appendChild(el('li', 'empty', 'empty'));
              items.forEach(e => {
                const li = make(e);
                li.classList.add('entry');
                li.dataset.tid = e[0];
                list.appendChild(li);
              });
              if (total > items.length) list.appendChild(el('li', 'more', 'and ' + count(total - items.length) + ' more'));
              if (total < 0) list.appendChild(el('li', 'more', what));
            }

            // why the loop stopped, in the end's words
            function stopped() {
              let why = data.ending || 'no task left to run, every task has finished';
              if (data.failedN > 0) {
                why += '; ' + count(data.failedN) + ' of them failed';
                if (data.unretrieved.length) why += ', ' + count(data.unretrieved.length) + ' with an exception nobody retrieved';
                why += ' (see "failed tasks")';
              }
              return why;
            }

            // "what happened" with nothing in it says why: the end fell between kept steps, or nothing was left
            function nothingHappened(end) {
              if (end && data.stride > 1) return 'not written down: the page keeps every ' + ordinal(data.stride)
                + ' step and what the loop did just before it, and the end fell between kept steps';
              return end ? 'nothing: after step ' + count(data.steps) + ' the loop had nothing left to do'
                : 'nothing written down before this step';
            }

            // What the live region says: the step, its time, and what the loop did (a long list: its ends)
            function spoken(s, end) {
              let said = s.did.length > 5 ? [s.did[0], s.did[1], '(and ' + count(s.did.length - 3)
                + ' more lines under "what happened")', s.did[s.did.length - 1]] : s.did.slice();
              if (said.length === 0) said = [nothingHappened(end)];
              if (end) said.push(s.end === 'cut' ? 'the run was cut while ' + label(s.tid, s.name) + ' was in its step ' + count(s.k)
                : 'the loop stopped: ' + stopped());
              return ': ' + said.join('; ');
            }

            function show(i, keepHash) {
              if (!keepHash) thinned = null;
              at = Math.max(0, Math.min(last, i));
              const s = snaps[at], before = at > 0 ? snaps[at - 1] : null;
              const end = at === last;
              document.body.dataset.step = s.n;
              $('slider').value = at;
              $('slider').setAttribute('aria-valuetext', end ? 'the end' : 'step ' + count(s.n) + ' of ' + count(data.steps));
              // seen: the step and its time; heard (the live region): also what the loop did
              $('where').replaceChildren(el('span', '', (end ? 'the end, after step ' + count(data.steps) : 'step ' + count(s.n))
                + ', t = ' + secs(s.t)), el('span', 'sr', spoken(s, end)));
              const running = $('running');
              running.replaceChildren();
              running.dataset.tid = s.tid;
              if (end && s.end === 'cut') { // a limit stopped the run while a step was under way
                running.append('The run was cut while ', el('span', 'task', label(s.tid, s.name)), ' was in its step '
                  + count(s.k) + ' and had not yielded: ' + (data.ending || 'a limit stopped it') + '.');
              } else if (end) {
                running.append('The loop stopped: ' + stopped() + '.');
              } else {
                // a failed step: the exception, where it was thrown and why, before the line the step began at
                const failed = s.err >= 0 ? failure(s.err) : null;
                running.append('running ', el('span', 'task', label(s.tid, s.name)), ' (its step ' + count(s.k) + '), ',
                  s.thr ? 'thrown ' : 'sent ', txt(s.sent), ', then it ', s.end + ' ', failed || txt(s.what),
                  waits(s.at, 'resumed'));
              }
              const notes = [];
              if (!end && data.stride > 1 && at + 1 < last) notes.push('the next ' + count(data.stride - 1) + ' steps were not kept');
              $('note').textContent = notes.join('; ');
              $('thinned').textContent = thinned && thinned.shown === at
                ? 'step ' + count(thinned.asked) + ' was not kept (the page keeps every ' + ordinal(data.stride) + ' step); nearest kept step: ' + count(s.n)
                : '';
              showDiffers(s);
              // what the loop did since the step before: the lines, and the entries they moved (outlined)
              const movedNow = new Set(s.moved);
              const moved = tid => movedNow.has(tid);
              const parkedAt = new Map(s.parked.map(e => [e[0], e[4]]));
              const did = $('did');
              did.replaceChildren();
              s.did.forEach(text => {
                const li = el('li', 'entry' + (/ failed: /.test(text) ? ' failed' : ''), text);
                li.dataset.tid = 0;
                // a task that parked: where, briefly (its whole chain is under "parked")
                const parked = /^task (\\d+)(?: \\(.*\\))? yielded .* -> parked/.exec(text);
                if (parked && parkedAt.has(Number(parked[1]))) li.append(waitsBriefly(parkedAt.get(Number(parked[1])), 'waits'));
                did.appendChild(li);
              });
              if (s.did.length === 0) did.appendChild(el('li', 'empty', nothingHappened(end)));
              $('did-since').textContent = before && before.n + 1 < s.n
                ? 'after step ' + count(s.n - 1) + ' (which was not kept), in the order the loop did it'
                : end ? 'after the last step' : 'since the step before, in the order the loop did it';
              $('n-ready').textContent = '(' + count(s.readyN) + ')';
              $('n-sleeping').textContent = '(' + count(s.sleepingN) + ')';
              $('n-results').textContent = '(' + count(s.resultsN) + ')';
              $('n-parked').textContent = s.parkedN < 0 ? '(?)' : '(' + count(s.parkedN) + ')';
              showFailures(s, end);

              entries($('ready'), s.ready, e => {
                const li = el('li', '', label(e[0], e[1]) + ': send ');
                li.append(txt(e[2]), waits(e[3], 'waits'));
                return li;
              }, s.readyN);
              entries($('sleeping'), s.sleeping, e => {
                const li = el('li');
                // read aloud (and by tests) as "task 2 (worker A) wakes at 0.100 s: Sleep[...]"; drawn time first
                li.append(el('span', 'who', label(e[0], e[1])), el('span', 'sr', ' wakes at '), el('span', 'wake', secs(e[3])),
                  el('span', 'sr', ': '), txt(e[2]), waits(e[4], 'waits'));
                if (moved(e[0])) li.classList.add('moved');
                return li;
              }, s.sleepingN);
              if (!s.sleepingAll) $('sleeping').appendChild(el('li', 'more', 'too many to put in wake order at every step: the first to wake is shown'));

              const body = $('results').tBodies[0];
              body.replaceChildren();
              s.results.forEach(e => {
                const err = e.length > 3 ? e[3] : -1;
                const tr = el('tr', 'entry' + (err >= 0 || textOf(e[2]).startsWith('failed') ? ' failed' : ''));
                tr.dataset.tid = e[0];
                const result = el('td');
                const failed = failure(err, true);
                if (failed) result.append('failed: ', failed);
                else result.append(...outcome(e[2]));
                tr.append(el('td', '', String(e[0])), el('td', '', e[1]), result);
                if (moved(e[0])) tr.classList.add('moved');
                body.appendChild(tr);
              });
              if (s.resultsN > s.results.length) {
                const tr = el('tr', 'more');
                tr.append(el('td', '', ''), el('td', '', ''), el('td', '', 'and ' + count(s.resultsN - s.results.length) + ' earlier'));
                body.insertBefore(tr, body.firstChild);
              }
              if (s.resultsN === 0) {
                const tr = el('tr', 'empty');
                tr.append(el('td', '', ''), el('td', '', 'empty'), el('td', '', ''));
                body.appendChild(tr);
              }

              const cycle = cycleIn(s);
              entries($('parked'), s.parked, e => {
                // "awaits Lock #1 (held by task 3 (B))" through a lock or queue; "awaits task 2 (A)" for a task
                const awaits = e[6] ? e[5] : e[3] ? nameOf(e[3]) : e[5];
                const li = el('li', '', label(e[0], e[1]) + ': ');
                li.append(txt(e[2]), awaits ? ', awaits ' + awaits : '', waits(e[4], 'waits'));
                if (cycle && cycle.includes(e[0])) li.classList.add('incycle');
                if (moved(e[0])) li.classList.add('moved');
                return li;
              }, s.parkedN, 'too many tasks to sort out which are parked at every step');
              showCycle(s, cycle, end, parkedAt);
              [...$('ready').children].forEach(li => { if (moved(Number(li.dataset.tid))) li.classList.add('moved'); });

              showOutput(s, before);
              drawOverview();
              showRows();
              drawCursor(s);
              if (!keepHash) {
                try { history.replaceState(null, '', '#step=' + (end ? 'end' : s.n)); } catch (e) { /* a file: URL may refuse */ }
              }
            }

            // The cycle, in red: "deadlock: task 2 (a) awaits task 3 (b) awaits task 2 (a)", then each of
            // its tasks with the program's lines it waits at, briefly
            function showCycle(s, cycle, end, parkedAt) {
              const banner = $('cycle');
              banner.replaceChildren();
              if (!cycle) return;
              banner.append(el('p', 'chain', (end && s.readyN === 0 && s.sleepingN === 0 ? 'deadlock: ' : 'a cycle: ')
                + chain(s, cycle) + (end ? '; nothing else can wake them' : '')));
              const where = el('ol', 'where');
              where.dataset.state = 'cycle';
              cycle.slice(0, -1).forEach(tid => {
                const li = el('li', 'entry', nameOf(tid) + ' ');
                li.dataset.tid = tid;
                li.append(waitsBriefly(parkedAt.get(tid), 'waits') || 'waits at a line not known');
                where.appendChild(li);
              });
              banner.appendChild(where);
            }

            // ---------------------------------------------------------------- differences from the lecture
            // each as the recorder words it, at the step where it first shows; later steps list them all
            const differences = [];
            snaps.forEach((s, i) => (s.diff || []).forEach(d => differences.push({ i, n: s.n, kind: d[0], text: d[1] })));
            function showDiffers(s) {
              const box = $('differs');
              box.replaceChildren();
              if ((s.diff || []).length) {
                box.append(el('p', 'lead', 'Here the kit\\'s loop does not do what the lecture\\'s does:'));
                const now = el('ul');
                now.id = 'differsNow';
                s.diff.forEach(d => now.appendChild(el('li', 'differs-' + d[0], d[1])));
                box.appendChild(now);
              }
              const seen = differences.filter(d => d.i < at);
              if (seen.length) {
                const fold = el('details');
                fold.appendChild(el('summary', '', 'where the kit\\'s loop differed from the lecture\\'s so far ('
                  + count(seen.length) + ')'));
                const list = el('ol');
                list.id = 'differsSeen';
                seen.forEach(d => list.appendChild(el('li', 'differs-' + d.kind, 'step ' + count(d.n) + ': ' + d.text)));
                fold.appendChild(list);
                box.appendChild(fold);
              }
            }

            // ---------------------------------------------------------------- failures
            function showFailures(s, end) {
              const list = $('failed');
              list.replaceChildren();
              const lost = new Set(data.unretrieved);
              const shown = data.failed.filter(f => f[3] < s.n); // it shows once its step is over
              shown.forEach(f => {
                const never = end && lost.has(f[0]);
                const li = el('li', 'entry' + (never ? ' lost' : ''), label(f[0], f[1]) + ' failed at step ' + count(f[3])
                  + (never ? '; nobody retrieved its exception (stderr: Task exception was never retrieved: ' + label(f[0], f[1]) + ')' : '')
                  + ': ');
                li.append(failure(f.length > 4 ? f[4] : -1) || txt(f[2]));
                li.dataset.tid = f[0];
                list.appendChild(li);
              });
              const total = end ? data.failedN : shown.length;
              if (end && data.failedN > data.failed.length) list.appendChild(el('li', 'more', 'and ' + count(data.failedN - data.failed.length) + ' more'));
              if (total === 0) list.appendChild(el('li', 'empty', end ? 'no task failed' : 'none yet'));
              $('n-failed').textContent = '(' + count(total) + ')';
            }

            // ---------------------------------------------------------------- output
            const lines = data.output.map(([step, during, text]) => ({ pos: during ? step : step + 0.5, step, during, text }));
            (function buildOutput() {
              const list = $('output');
              lines.forEach(line => {
                const li = el('li');
                line.shown = el('span', 'text', line.text);
                li.append(el('span', 'at', line.during ? 'step ' + count(line.step) : line.step === 0 ? 'before' : 'after ' + count(line.step)),
                  line.shown);
                li.addEventListener('click', () => show(indexOfPos(line.pos)));
                list.appendChild(li);
                line.li = li;
              });
              if (lines.length === 0) list.appendChild(el('li', 'empty', 'the program printed nothing'));
            })();
            function indexOfPos(pos) {
              for (let i = 0; i <= last; i++) if (snaps[i].n >= pos) return i;
              return last;
            }
            // a line printed later says when, not what: the page must not tell the future
            function showOutput(s, before) {
              const from = before ? before.n : -1;
              let first = null;
              lines.forEach(line => {
                const now = line.pos > from && line.pos <= s.n;
                const future = line.pos > s.n;
                line.li.classList.toggle('now', now);
                line.li.classList.toggle('future', future);
                line.shown.textContent = future ? '(printed ' + (line.during ? 'at' : 'after') + ' step ' + count(line.step) + ')' : line.text;
                if (now && !first) first = line.li;
              });
              if (first) { // scroll the output list only, never the page
                const list = $('output');
                // where the line is inside the list's scrolled content (offsetTop would be relative to the list
                // already, since the list is position:relative; the boxes say it whatever the offset parent)
                const top = first.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientTop + list.scrollTop;
                if (top < list.scrollTop || top + first.offsetHeight > list.scrollTop + list.clientHeight) {
                  list.scrollTop = Math.max(0, top - list.clientHeight / 3);
                }
              }
            }

            // ---------------------------------------------------------------- the overview
            // A row per task, at most ROWS: all of them by tid when they fit; else the failed and the
            // unfinished first (the ones a reader looks for), then the others by tid.
            const ROWS = 40;
            const byTid = [...names.keys()].sort((a, b) => a - b);
            const total = Math.max(data.tasks, names.size);
            const firstDrawn = [...data.failed.map(f => f[0]), ...(data.stuck || [])];
            const rows = total <= ROWS ? byTid : [...new Set([...firstDrawn, ...byTid])].slice(0, ROWS);
            const life = data.life || {}; // tid -> [the step it was created in, the step it ended in or -1]
            (function overviewNote() {
              let s = total > rows.length
                ? 'Drawn: ' + count(rows.length) + ' of the ' + count(total) + ' tasks'
                  + (firstDrawn.length ? ': the failed and the unfinished first, then by tid; ' : ' (the first by tid); ')
                  + count(total - rows.length) + ' are left out.'
                : 'Drawn: all ' + count(total) + (total === 1 ? ' task.' : ' tasks.');
              const listedOut = snaps.some(x => x.readyN > x.ready.length || x.sleepingN > x.sleeping.length
                || x.resultsN > x.results.length || x.parkedN > x.parked.length);
              if (listedOut) s += ' A ' + (data.life ? 'pale brown' : 'blank') + ' cell: the task was there but beyond the '
                + data.listed + ' entries a structure lists at that step (counted in its header).';
              $('overviewNote').textContent = s;
            })();
            const grid = snaps.map(() => new Map());
            (function fill() {
              const done = new Set();
              snaps.forEach((s, i) => {
                const g = grid[i];
                s.results.forEach(e => done.add(e[0]));
                data.failed.forEach(f => { if (f[3] < s.n) done.add(f[0]); });
                done.forEach(tid => g.set(tid, failedAt.has(tid) ? 'failed' : 'done'));
                s.parked.forEach(e => g.set(e[0], 'parked'));
                s.sleeping.forEach(e => g.set(e[0], 'sleeping'));
                s.ready.forEach(e => g.set(e[0], 'ready'));
                if (s.tid) g.set(s.tid, 'running');
                // a task no list names here: by its life, ended (finished or failed), or there but not listed
                rows.forEach(tid => {
                  const l = life[tid];
                  if (g.has(tid) || !l) return;
                  if (l[1] >= 0 && l[1] < s.n) g.set(tid, failedAt.has(tid) ? 'failed' : 'done');
                  else if (l[0] < s.n) g.set(tid, 'pending');
                });
              });
            })();
            const colours = { running: '#d62728', ready: '#ffbf00', sleeping: '#9ecae1', parked: '#ff7f0e', done: '#2ca02c',
              failed: '#7b1fa2', pending: '#d7ccc8' };
            const stateWords = { running: 'running', ready: 'ready', sleeping: 'sleeping', parked: 'parked', done: 'finished',
              failed: 'failed', pending: 'pending, not listed' };
            const canvas = $('overview');
            const LABEL = 150, ROW = 16, AXIS = 18;
            function drawOverview() {
              const ratio = window.devicePixelRatio || 1;
              const width = canvas.clientWidth || 900;
              const height = rows.length * ROW + AXIS + 4;
              canvas.width = width * ratio;
              canvas.height = height * ratio;
              canvas.style.height = height + 'px';
              const c = canvas.getContext('2d');
              c.setTransform(ratio, 0, 0, ratio, 0, 0);
              c.clearRect(0, 0, width, height);
              const w = (width - LABEL) / snaps.length;
              c.font = '12px system-ui, sans-serif';
              c.textBaseline = 'middle';
              rows.forEach((tid, r) => {
                c.fillStyle = '#333';
                const name = names.get(tid);
                c.fillText((tid + (name === undefined || name === 'task ' + tid ? '' : ' ' + name)).slice(0, 22), 2, AXIS + r * ROW + ROW / 2);
              });
              grid.forEach((g, i) => {
                rows.forEach((tid, r) => {
                  const state = g.get(tid);
                  if (!state) return;
                  c.fillStyle = colours[state];
                  const h = state === 'done' ? 3 : state === 'failed' ? 6 : state === 'pending' ? ROW - 8 : ROW - 4;
                  c.fillRect(LABEL + i * w, AXIS + r * ROW + (ROW - h) / 2, Math.max(w - (w > 4 ? 1 : 0), 1), h);
                });
              });
              c.fillStyle = '#666';
              let lastLabel = -1e9, lastT = null;
              snaps.forEach((s, i) => {
                const x = LABEL + i * w;
                if (s.t !== lastT && x - lastLabel > 48) { c.fillText(secs(s.t).replace(' s', ''), x, 8); lastLabel = x; }
                lastT = s.t;
              });
              c.strokeStyle = '#000';
              c.lineWidth = 2;
              c.strokeRect(LABEL + at * w, AXIS - 2, Math.max(w, 2), rows.length * ROW + 4);
            }
            // what the canvas shows at this step, as a list the keyboard reaches and a screen reader reads
            function showRows() {
              const list = $('rows');
              list.replaceChildren();
              const s = snaps[at];
              rows.forEach(tid => {
                const state = grid[at].get(tid);
                const l = life[tid];
                const words = state ? stateWords[state] : l && l[0] >= s.n ? 'not created yet' : 'not listed';
                const li = el('li', 'entry ' + (state || 'none'), nameOf(tid) + ': ' + words);
                li.dataset.tid = tid;
                list.appendChild(li);
              });
            }
            function pick(event) {
              const box = canvas.getBoundingClientRect();
              const w = (box.width - LABEL) / snaps.length;
              const i = Math.floor((event.clientX - box.left - LABEL) / w);
              if (i >= 0) show(i);
            }
            canvas.addEventListener('pointerdown', e => { canvas.setPointerCapture(e.pointerId); pick(e); });
            canvas.addEventListener('pointermove', e => { if (e.buttons) pick(e); });
            window.addEventListener('resize', drawOverview);

            // ---------------------------------------------------------------- the time-scaled timeline
            const svg = document.getElementById('timeline');
            let cursor = null;
            if (svg) {
              const NS = 'http://www.w3.org/2000/svg';
              cursor = document.createElementNS(NS, 'line');
              cursor.setAttribute('id', 'cursor');
              cursor.setAttribute('y1', '20');
              cursor.setAttribute('y2', svg.getAttribute('height'));
              svg.appendChild(cursor);
              svg.querySelectorAll('rect.bar[data-tid]').forEach(bar => bar.addEventListener('click', () => {
                const tid = Number(bar.dataset.tid), k = Number(bar.dataset.step);
                // a running bar is one step of one task; another bar goes to the step that led to it
                let i = snaps.findIndex(s => s.tid === tid && s.k === k);
                if (i < 0) i = snaps.findIndex(s => s.t >= Number(bar.dataset.from));
                if (i >= 0) show(bar.classList.contains('running') || i === last ? i : Math.min(last, i + 1));
              }));
            }
            function drawCursor(s) {
              if (!cursor) return;
              const x = Number(svg.dataset.x0) + s.t * 1e9 * Number(svg.dataset.scale);
              cursor.setAttribute('x1', x);
              cursor.setAttribute('x2', x);
              svg.querySelectorAll('rect.bar.current').forEach(b => b.classList.remove('current'));
              const bar = svg.querySelector('rect.bar.running[data-tid="' + s.tid + '"][data-step="' + s.k + '"]');
              if (bar) bar.classList.add('current');
              // a timeline wider than its box (a phone, a long run) scrolls so that this step's line is in sight
              const box = $('timelineBox');
              if (box && box.scrollWidth > box.clientWidth) {
                const left = cursor.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
                if (left < box.scrollLeft + 16 || left > box.scrollLeft + box.clientWidth - 16) {
                  box.scrollLeft = Math.max(0, left - box.clientWidth / 3);
                }
              }
            }

            // ---------------------------------------------------------------- moving
            // the play button is named for what pressing it does now
            function playing(on) {
              $('play').textContent = on ? '\\u275a\\u275a pause' : '\\u25b6 play';
              $('play').setAttribute('aria-label', on ? 'pause' : 'play');
            }
            function play() {
              if (timer) { clearInterval(timer); timer = null; playing(false); return; }
              if (at === last) show(0);
              playing(true);
              timer = setInterval(() => { if (at >= last) play(); else show(at + 1); }, 800);
            }
            function taskStep(dir) {
              const tid = Number($('task').value);
              for (let i = at + dir; i >= 0 && i <= last; i += dir) if (snaps[i].tid === tid) return show(i);
            }
            $('prev').addEventListener('click', () => show(at - 1));
            $('next').addEventListener('click', () => show(at + 1));
            $('play').addEventListener('click', play);
            $('taskNext').addEventListener('click', () => taskStep(1));
            $('taskPrev').addEventListener('click', () => taskStep(-1));
            // once a task is picked, the keys move again (n, p): the list lets go of the focus
            $('task').addEventListener('change', () => $('task').blur());
            $('slider').max = last;
            $('slider').addEventListener('input', e => show(Number(e.target.value)));
            // Space and Enter on a control are that control's (a button's click, a summary's fold): only
            // elsewhere is Space play. The task list and a text field keep every key.
            const CONTROL = 'button, a[href], summary, input, select, textarea, [role=button]';
            document.addEventListener('keydown', e => {
              const target = e.target instanceof Element ? e.target : null;
              if (e.altKey || e.ctrlKey || e.metaKey || (target && target.closest('select, textarea'))) return;
              if ((e.key === ' ' || e.key === 'Enter') && target && target.closest(CONTROL)) return;
              const keys = { ArrowRight: () => show(at + 1), ArrowLeft: () => show(at - 1), Home: () => show(0),
                End: () => show(last), ' ': play, n: () => taskStep(1), p: () => taskStep(-1) };
              if (target && target.id === 'slider' && e.key.startsWith('Arrow')) return; // the slider moves itself
              if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
            });

            // a step that was not kept: the nearest kept one is shown, and the page says so
            function fromHash() {
              thinned = null;
              const m = /step=(\\d+|end)/.exec(location.hash);
              if (!m) return 0;
              if (m[1] === 'end') return last;
              const n = Number(m[1]);
              let i = 0;
              while (i < last && snaps[i + 1].n <= n) i++;
              if (i === last) return last; // past the last step: the end
              if (i + 1 < last && snaps[i + 1].n - n < n - snaps[i].n) i++;
              if (snaps[i].n !== n && n >= 1) thinned = { asked: n, shown: i };
              return i;
            }
            window.addEventListener('hashchange', () => show(fromHash(), true));
            show(fromHash(), true);
            """;
}
