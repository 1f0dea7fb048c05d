package miniasyncio.trace;

/**
 * The step-through page's style: large type that a projector's back row and a phone both read
 * (it grows with the window), the structures side by side on a wide screen and one under the
 * other on a narrow one, and the timeline's colours (running red, ready amber, sleeping blue,
 * waiting orange). Where a task waits is a chain of lines, 14 px or more on a phone; a value
 * longer than a line is folded to one; nothing shown is fainter than 4.5:1 against its ground.
 */
final class StepPageStyle {

    private StepPageStyle() {
    }

    static final String CSS = """
            :root { --running: #d62728; --ready: #ffbf00; --sleeping: #9ecae1; --parked: #ff7f0e; --done: #2ca02c; --failed: #7b1fa2;
                    --ink: #1b1b1b; --soft: #595959; --line: #d0d0d0; /* soft: 4.5:1 or more on every ground used */ }
            * { box-sizing: border-box; }
            body { font: clamp(15px, 0.6vw + 11px, 24px)/1.35 system-ui, sans-serif; margin: 0; color: var(--ink);
                   background: #fafafa; }
            header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line);
                     padding: 0.4em 0.8em; }
            h1 { font-size: 1.15em; margin: 0 0 0.3em; overflow-wrap: anywhere; } /* a long class name wraps */
            #pages { font-size: 0.8em; margin: 0 0 0.3em; } #pages a { padding: 0 0.3em; }
            h2 { font-size: 1em; margin: 0 0 0.4em; }
            h2 small { font-weight: normal; color: var(--soft); font-size: 0.75em; }
            #summary { margin: 0.5em 0.8em 0; color: var(--soft); font-size: 0.8em; }
            nav { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; }
            button, select { font: inherit; font-size: 0.85em; padding: 0.2em 0.6em; border: 1px solid #999;
                             border-radius: 0.3em; background: #f3f3f3; cursor: pointer; }
            button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #1f77b4; }
            #slider { flex: 1 1 12em; min-width: 8em; }
            #task { max-width: min(14em, 60vw); } /* a long task name must not widen the bar */
            #where { font-variant-numeric: tabular-nums; font-weight: 600; min-width: 11em; }
            main { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 22em), 1fr)); gap: 0.7em;
                   padding: 0.7em; }
            .box { background: #fff; border: 1px solid var(--line); border-radius: 0.4em; padding: 0.5em 0.7em;
                   min-width: 0; }
            .wide, #now, #readyBox { grid-column: 1 / -1; } /* the deque runs across the page: every entry in sight */
            #now { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: baseline; }
            #running { font-size: 1.1em; }
            #running .task { background: var(--running); color: #fff; padding: 0.05em 0.4em; border-radius: 0.3em; }
            #running code, .entry code { font-family: ui-monospace, monospace; font-size: 0.9em; }
            #note { color: var(--soft); font-size: 0.85em; }
            ol { list-style: none; margin: 0; padding: 0; }
            .deque { display: flex; align-items: stretch; gap: 0.3em; }
            .deque .end { align-self: center; color: var(--soft); font-size: 0.75em; white-space: nowrap; }
            #ready { display: flex; flex-wrap: wrap; gap: 0.4em; min-height: 2.6em; flex: 1; padding: 4px;
                     align-items: flex-start; min-width: 0; }
            #ready .entry { border: 2px solid #c99700; background: #fff3c4; border-radius: 0.3em; padding: 0.15em 0.4em;
                            max-width: 100%; }
            /* a long value wraps where it must, never widens the page */
            .entry, td, #running, #did li, #note, #thinned, #cycle { overflow-wrap: break-word; min-width: 0; }
            code, #output .text, td:last-child { overflow-wrap: anywhere; min-width: 0; }
            /* where a task waits: its own lines innermost first, each caller indented under it; readable on a phone */
            .waits { display: block; flex-basis: 100%; font-size: max(14px, 0.8em); color: var(--soft); font-weight: normal; }
            #running .waits { margin-top: 0.2em; }
            .waits .frame, .error .frame { display: block; }
            .waits .frame + .frame { padding-left: 1em; }
            .waits code, #running .waits code, .entry .waits code { font-size: 1em; }
            .waits .src, .error .src { color: var(--ink); }
            /* a failure: the exception, where it was thrown and from where, its cause under it */
            .error { display: block; }
            .error .exc { display: block; }
            .error .cls { font-weight: 600; }
            .error .frames { display: block; font-weight: normal; }
            .error .frames, .error .cause { font-size: max(14px, 0.85em); }
            .error .error .frames, .error .error .cause { font-size: 1em; } /* a cause's lines: the size of its "caused by" */
            .error .frame { padding-left: 1em; }
            .error .frame.thrown { padding-left: 0; }
            .error .cause { display: block; padding-left: 1em; }
            .error details.callers { display: block; padding-left: 1em; } .error details.callers summary { cursor: pointer; }
            /* a value longer than a line: one line, cut with an ellipsis, until its button unfolds it */
            .long { display: inline-flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.4em; max-width: 100%;
                    vertical-align: bottom; }
            .long .v { flex: 1 1 6em; min-width: 0; overflow-wrap: anywhere; } /* a narrow box: the button goes under it */
            .long.folded .v { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            .long button { flex: none; font-size: 0.75em; padding: 0 0.4em; }
            #differs:not(:empty) { flex-basis: 100%; background: #e8f1fb; border-left: 0.4em solid #1f77b4; padding: 0.2em 0.6em;
                                   border-radius: 0.3em; font-size: 0.9em; }
            #differs p { margin: 0; font-weight: 600; }
            #differs ul { margin: 0.1em 0 0.2em; padding-left: 1.2em; }
            #differs summary { cursor: pointer; }
            .count { font-weight: normal; font-variant-numeric: tabular-nums; }
            #did li { padding: 0.05em 0.4em; border-left: 0.3em solid var(--line); margin: 0.1em 0; }
            #did li:last-child { border-left-color: var(--running); }
            #did li.failed { border-left-color: var(--failed); color: var(--failed); font-weight: 600; }
            #thinned:not(:empty) { flex-basis: 100%; background: #fff3c4; border: 2px solid #c99700; padding: 0.2em 0.5em;
                                   border-radius: 0.3em; }
            #failed .entry { border-left: 0.5em solid var(--failed); padding: 0.1em 0.4em; margin: 0.15em 0; background: #f3e5f5; }
            #failed .entry.lost { font-weight: 600; } #failed .entry.lost .error { font-weight: normal; }
            #sleeping .entry { display: flex; flex-wrap: wrap; gap: 0 0.6em; border-left: 0.5em solid var(--sleeping); padding: 0.1em 0.4em;
                               margin: 0.15em 0; background: #eef6fb; }
            #sleeping .entry:first-child { background: #d7ebf7; }
            .wake { font-variant-numeric: tabular-nums; min-width: 4.5em; order: -1; font-weight: 600; }
            #sleeping .who { flex: 1 1 auto; }
            .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
            #parked .entry { border-left: 0.5em solid var(--parked); padding: 0.1em 0.4em; margin: 0.15em 0;
                             background: #fff0e2; }
            #parked .entry.incycle { border-left-color: #000; background: #ffd9d9; font-weight: 600; }
            /* a cycle of parked tasks is the news of the step: at the top, in red, each task with its own line */
            #cycle:not(:empty) { flex-basis: 100%; background: #b00020; color: #fff; padding: 0.3em 0.5em; border-radius: 0.3em; }
            #cycle p { margin: 0; } #cycle .where li { margin-top: 0.2em; }
            #cycle .waits, #cycle .waits .src { color: #fff; }
            table { border-collapse: collapse; width: 100%; }
            th, td { text-align: left; padding: 0.1em 0.5em 0.1em 0; border-bottom: 1px solid #eee; vertical-align: top; }
            th { color: var(--soft); font-weight: normal; font-size: 0.8em; }
            td:first-child { font-variant-numeric: tabular-nums; }
            /* the result takes the room the tid and the name leave: a folded value inside it never widens the table */
            #results td:last-child { max-width: 0; width: 100%; }
            #results td:nth-child(2) { min-width: 5.5em; }
            tr.failed td { color: var(--failed); font-weight: 600; }
            .moved { outline: 3px solid var(--running); outline-offset: 1px; }
            .more, .empty { color: var(--soft); font-style: italic; }
            #output { position: relative; overflow-x: hidden; font-family: ui-monospace, monospace; font-size: 0.85em; max-height: 14em; overflow-y: auto; }
            #output li { display: flex; gap: 0.8em; cursor: pointer; padding: 0 0.3em; }
            #output li .at { color: var(--soft); min-width: 5.5em; text-align: right; }
            #output li.future .text { color: var(--soft); font-style: italic; } /* says when it prints, not what */
            #output li.now { background: #fff3c4; font-weight: 600; }
            #overview { width: 100%; height: auto; cursor: pointer; touch-action: none; display: block; }
            .legend { font-size: 0.8em; color: var(--soft); margin: 0.3em 0 0; }
            .sw { display: inline-block; width: 0.9em; height: 0.7em; margin: 0 0.2em 0 0.6em; vertical-align: middle; }
            .sw.running { background: var(--running); } .sw.ready { background: var(--ready); }
            .sw.sleeping { background: var(--sleeping); } .sw.parked { background: var(--parked); }
            .sw.done { background: var(--done); } .sw.failed { background: var(--failed); } .sw.pending { background: #d7ccc8; }
            /* the overview's rows at this step, for the keyboard and a screen reader: small, in the states' colours */
            #rows { display: flex; flex-wrap: wrap; gap: 0.2em 0.6em; margin: 0.4em 0 0; font-size: 0.75em; }
            #rows li { border-left: 0.6em solid var(--line); padding: 0 0.3em; }
            #rows li.running { border-left-color: var(--running); } #rows li.ready { border-left-color: var(--ready); }
            #rows li.sleeping { border-left-color: var(--sleeping); } #rows li.parked { border-left-color: var(--parked); }
            #rows li.done { border-left-color: var(--done); } #rows li.failed { border-left-color: var(--failed); }
            #rows li.pending { border-left-color: #d7ccc8; }
            #rows:focus-visible { outline: 3px solid #1f77b4; }
            #timelineBox { overflow-x: auto; }
            #timeline { max-width: 100%; height: auto; }
            #timeline .label { font-size: 13px; fill: #222; }
            #timeline .axis line { stroke: #e4e4e4; } #timeline .axis text { font-size: 11px; fill: #666; }
            #timeline rect.bar { cursor: pointer; }
            #timeline rect.running { fill: var(--running); } #timeline rect.ready { fill: var(--ready); }
            #timeline rect.sleeping { fill: var(--sleeping); } #timeline rect.waiting { fill: var(--parked); }
            #timeline rect.io_waiting { fill: #2ca02c; } #timeline rect.idle { fill: #bbb; }
            #timeline circle.finished { fill: var(--done); } #timeline circle.failed { fill: var(--failed); }
            #timeline rect.current { stroke: #000; stroke-width: 2.5; }
            #cursor { stroke: #000; stroke-width: 2; stroke-dasharray: 4 3; }
            /* on a phone the deque stands upright, its front above and its back below; the timeline keeps its
               full size and scrolls sideways in its box */
            @media (max-width: 600px) { #where { min-width: 0; } .deque { flex-direction: column; } .deque .end { align-self: flex-start; }
                                        #timeline { max-width: none; } }
            """;
}
