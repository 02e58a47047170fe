"""Shared pieces of the teaching widgets: styles, card-shaped buttons, small HTML helpers.

Everything drawn comes from :mod:`sixnimmt_core.drawing.render`; this module only adds the CSS that
dresses ipywidgets buttons as cards and the panels around the table. Game surfaces (table, hand,
notes) carry their own light background and dark ink, so they read the same in light and dark
Jupyter themes; buttons keep the theme's colours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as W

from sixnimmt_core.drawing import render
from sixnimmt_core.engine.cards import heads
from sixnimmt_core.words import heads_words, text

ROOT_CLASS = "snt-w"
WIDGETS = "widgets"  # the widgets' own catalogue: locale/<lang>/LC_MESSAGES/widgets.po


# ---- no title="null" -----------------------------------------------------------------------------------
# ipywidgets 8 writes a control's tooltip into its label's title attribute as it is (the label of every
# described widget, HTML included: ``label.title = tooltip``; a ToggleButton and a FileUpload set it with
# setAttribute): a tooltip of None becomes the tooltip "null". Every widget made in this process starts
# with "" instead (no tooltip: the views then write none); one given a tooltip keeps it, and a Button
# keeps None (its view shows the description as its title then).
_constructed = W.Widget._widget_construction_callback


def _no_null_tooltip(widget: W.Widget) -> None:
    if widget.has_trait("tooltip") and widget.tooltip is None and not isinstance(widget, W.Button):
        widget.tooltip = ""
    if callable(_constructed):
        _constructed(widget)


W.Widget.on_widget_constructed(_no_null_tooltip)

WIDGET_CSS = """
.snt-w{--snt-bw:clamp(50px,10vw,92px);max-width:100%;gap:10px}
.snt-w .snt-flex{gap:6px}
.snt-w .snt-col{gap:8px}
.snt-w{container-type:inline-size}
.snt-w>.widget-html:has(>.widget-html-content>style:only-child){display:none}
/* Stepper: the words, controls and players (side) beside the table when wide, above it when narrow. */
.snt-w .snt-stepbody{display:flex;flex-direction:column;gap:8px;overflow:visible}
.snt-w .snt-stepbody>*{min-width:0}
.snt-w .snt-stepside{gap:6px;min-width:0}
.snt-w .snt-stepside>*{margin:0;flex:none}
.snt-app .snt-stepside .jupyter-button.snt-btn{min-height:max(34px,var(--jp-widgets-inline-height,28px));padding:4px 10px;font-size:15px}
.snt-w .snt-stephead{gap:2px 12px;align-items:baseline}
.snt-w .snt-steptitle{font-weight:800;font-size:clamp(16px,1.7vw,21px);line-height:1.2}
.snt-w .snt-stepseats .snt-panel{overflow-x:auto}
.snt-w .snt-strip{margin:.4em 0 0;font-size:.9em}
/* Narrow (a phone): under the step's title the picture, the words right under it, then the slider
   and the buttons (where a thumb is), the players last — so the words, the rows they speak of and
   Next are on screen together. */
@container (max-width:859.98px){
 .snt-w .snt-stepside{display:contents}
 .snt-w .snt-stepbody .snt-steptable{order:1}
 .snt-w .snt-stepbody .snt-steptext{order:2}
 .snt-w .snt-stepbody .snt-stepside>.widget-slider,.snt-w .snt-stepbody .snt-stepside>.snt-flex:not(.snt-stephead){order:3}
 .snt-w .snt-stepbody .snt-stepseats{order:4}
}
/* The app on a phone or a tablet held upright (issue 38; a screen narrower than 860 px, not a laptop's
   stepper beside an open "Try it"): the step's title on one line, the rows, the
   words, then Back and Next side by side where the thumb is, the other buttons, the slider and the
   players below; the cards sized to the screen's width (a two-sided row has 8 places) and height, so
   that with the stepper at the top of the screen the rows, the words and Next are all on it. Words
   too long for what is left fold behind "more" (app.html, foldWords). */
.snt-app{overflow-anchor:none}  /* no scroll anchoring: a step's taller rows never push the stepper's top off the screen */
@media (max-width:859.98px){@container (max-width:859.98px){
 .snt-app .snt-holder>.snt-stepper{min-height:100vh}  /* always room to scroll it to the screen's top */
 .snt-app .snt-stepper{--snt-pcw:clamp(28px,min(calc((100vh - 420px) / 5.65),calc((100cqw - 70px) / 6 - 1vw)),96px)}
 .snt-app .snt-stepper:has(.snt-two){--snt-pcw:clamp(28px,min(calc((100vh - 420px) / 5.65),calc((100cqw - 70px) / 8 - 1vw)),96px)}
 .snt-app .snt-steptable .snt{--snt-cw:var(--snt-pcw)}
 .snt-app .snt-steptable .snt-table>figcaption{font-size:15px;margin:0 4px 4px}
 .snt-app .snt-stepbody{flex-flow:row wrap;align-items:flex-start}
 .snt-app .snt-stepbody>.snt-steptable,.snt-app .snt-stepbody .snt-stepside>*{flex:1 1 100%;margin:0}
 .snt-app .snt-stepbody .snt-stepside>.snt-flex:not(.snt-stephead){display:contents}
 .snt-app .snt-stepbody .snt-stepside .jupyter-button.snt-btn{margin:0;min-width:0;width:auto;white-space:normal;
  line-height:1.15;padding:2px 6px}
 .snt-app .snt-stepbody .snt-stepside .snt-back,.snt-app .snt-stepbody .snt-stepside .snt-next{order:3;flex:1 1 40%;font-size:17px}
 .snt-app .snt-stepbody .snt-stepside .snt-restart,.snt-app .snt-stepbody .snt-stepside .snt-turn,
 .snt-app .snt-stepbody .snt-stepside .snt-mark,.snt-app .snt-stepbody .snt-stepside .snt-end{order:4;flex:1 1 20%;font-size:13px}
 .snt-app .snt-stepbody .snt-stepside>.widget-slider{order:5}
 .snt-app .snt-stepbody .snt-stepside>.snt-stepseats{order:6}
 .snt-app .snt-stepbody .snt-stephead{flex-wrap:nowrap;overflow:hidden}
 .snt-app .snt-stephead>.widget-html:first-child,.snt-app .snt-stephead>.widget-html:first-child>.widget-html-content
 {flex:0 1 auto;min-width:0}
 .snt-app .snt-stephead .snt-steptitle{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-size:16px}
 .snt-app .snt-stephead>.widget-html{flex:none}
 .snt-app .snt-steptext .snt-panel.snt-folded{overflow:hidden;
  -webkit-mask-image:linear-gradient(#000 calc(100% - 1.6em),transparent);mask-image:linear-gradient(#000 calc(100% - 1.6em),transparent)}
 .snt-app .snt-steptext:has(details.snt-more[open]) .snt-panel{max-height:none!important;-webkit-mask-image:none;mask-image:none}
 .snt-app .snt-steptext details.snt-more>summary{display:flex;align-items:center;min-height:36px;padding:0 12px;
  font-weight:700;color:#0b4a8f;cursor:pointer;list-style:none}
 .snt-app .snt-steptext details.snt-more>summary::-webkit-details-marker{display:none}
 .snt-app .snt-steptext details.snt-more[open] .snt-more-show,
 .snt-app .snt-steptext details.snt-more:not([open]) .snt-more-hide{display:none}
 /* the players' table fits a 360 px phone (six columns, Romanian's long headers); what might not
    fit scrolls inside its panel, never the lesson sideways */
 .snt-app .snt-stepseats .widget-html-content,.snt-app .snt-stepseats .snt-panel{min-width:0;max-width:100%}
 .snt-app table.snt-seats{font-size:12.5px}
 .snt-app table.snt-seats th,.snt-app table.snt-seats td{padding:2px 3px}
 .snt-app table.snt-seats .snt-chips{gap:2px}
}}
@media (any-pointer:coarse){.snt-app .snt-steptext details.snt-more>summary{min-height:44px}}
/* The trainer on a tablet: the card beside the table (its box wraps below the card under 624 px),
   the table's cards sized so its seven columns and row numbers fit what the card leaves. */
@container (min-width:624px) and (max-width:859.98px){
 .snt-w .snt-ttable .snt{--snt-cw:clamp(30px,calc((100cqw - 250px) / 6.8),84px)}
}
@container (min-width:860px){
 .snt-w .snt-stepbody{display:grid;grid-template-columns:minmax(0,1fr) max-content;grid-template-areas:"side table";
  align-items:start;column-gap:12px}
 .snt-w .snt-stepside{grid-area:side}
 .snt-w .snt-steptable{grid-area:table}
 .snt-w .snt-steptable .snt{--snt-cw:clamp(36px,min(calc((52cqw - 64px) / 6.6),calc((100vh - 140px) / 6)),100px)}
}
/* The learning app (widgets/apps.py) on a laptop: the lesson fills the frame; a stepper takes the
   height its lesson leaves and sizes its cards to it, so the table and the words fit together. */
@media (min-width:860px) and (min-height:520px){
 .snt-app{height:100vh;box-sizing:border-box}
 .snt-app>.snt-lesson{height:100%;flex-wrap:nowrap!important}
 .snt-app .snt-lesson>*{flex:none}
 .snt-app .snt-lesson>.snt-holder{flex:1 1 0;min-height:0;display:flex;flex-direction:column}
 .snt-app .snt-holder>.snt-stepper{flex:1 1 0;min-height:0}
 .snt-app .snt-stepper>.snt-stepbody{flex:1 1 0;min-height:0;container-type:size}
 .snt-app .snt-stepside{max-height:100%;overflow-y:auto}
 .snt-app .snt-steptable .snt{--snt-cw:clamp(30px,min(calc((100cqh - 140px) / 5.65),calc((55cqw - 64px) / 6.6)),96px)}
 .snt-app .snt-steptable .snt-table>figcaption{font-size:clamp(15px,1.6vw,20px);margin:0 4px 4px}
 .snt-app .snt-rowno{font-size:clamp(16px,calc(var(--snt-cw) * .38),30px)}
}
/* The row trainer in the app: the card, the question, the answers and the feedback beside the table. */
@media (min-width:860px) and (min-height:520px){
 .snt-app .snt-trainer{display:grid!important;grid-template-columns:minmax(260px,1fr) max-content;
  grid-template-rows:auto auto auto auto auto 1fr;column-gap:12px;row-gap:6px;align-items:start}
 .snt-app .snt-trainer>*{margin:0!important;min-width:0}
 .snt-app .snt-trainer>.snt-flex:has(>.snt-tcard){display:contents!important}
 .snt-app .snt-trainer>.snt-thead{grid-column:1/-1}
 .snt-app .snt-trainer .snt-ttable{grid-column:2;grid-row:2/span 5}
 .snt-app .snt-trainer .snt-tcard{grid-column:1;grid-row:2}
 .snt-app .snt-trainer>.snt-tprompt,.snt-app .snt-trainer>.snt-tanswers,.snt-app .snt-trainer>.snt-tfeedback,
 .snt-app .snt-trainer>.snt-tnext{grid-column:1}
 .snt-app .snt-trainer .snt-ttable .snt{--snt-cw:clamp(30px,min(calc((100vh - 330px) / 5.65),calc((50cqw - 64px) / 6.6)),84px)}
 .snt-app .snt-trainer .snt-tcard .snt-card{width:clamp(60px,calc((100vh - 500px) * .7),96px)}
 .snt-app .snt-play{--snt-play-h:calc(100vh - 110px)}
}
/* A hand's card buttons: as wide as the card and its label's words, never the label's whole line. */
.snt-app .snt-play .jupyter-button.snt-card-btn{width:calc(var(--snt-bw) + 2.6em)!important}
.snt-w .snt-intro{padding:4px 12px}
.snt-w .snt-note{padding:4px 12px;font-size:clamp(13px,1.3vw,16px)}
.snt-w .snt-pickline{gap:4px 14px;align-items:center}
/* The picture is the control (RowTable.choose): where a row is to be chosen, each drawn row is a box
   holding the row and its button(s). A button is a chip at the row's end that names the answer; its
   ::before stretches over the whole row box (a Professional row: its left or right half), under the
   drawn row, which lets the pointer through: a click or tap on a card of the row presses the button,
   the chip stays its own target, Tab reaches the chip and Enter or Space press it. The row's box is
   the one positioned box between them (a Lumino widget is position:relative: the chips' box is not). */
.snt-w .snt-rowtable.snt-table{display:flex;flex-direction:column;gap:0}
.snt-w .snt-rowtable>.widget-html:first-child{margin:0}
.snt-w .snt-rowtable .snt-cap{font-weight:800;font-size:clamp(14px,1.6vw,18px);margin:0 4px 4px}
.snt-w .snt-rowtable .snt-rows{gap:var(--snt-gap);overflow:visible}
.snt-w .snt-rowpick{position:relative;isolation:isolate;display:flex;flex-flow:row wrap;align-items:center;
 gap:4px 6px;overflow:visible;min-height:44px;padding:0;border-radius:14px;align-self:flex-start;max-width:100%}
.snt-w .snt-rowpick>.widget-html{margin:0;pointer-events:none;flex:0 1 auto;min-width:0}
.snt-w .snt-rowpick>.widget-html>.widget-html-content{line-height:normal;height:auto}
.snt-w .snt-rowpick .snt-row{background:transparent}
.snt-w .snt-rowchips{display:flex;flex-direction:column;align-items:stretch;gap:4px;overflow:visible;
 flex:0 1 auto;min-width:0;position:static}
/* a two-sided row's halves are the drawn row's: its two chips lie under it, left under left, right under right,
   as wide as the row and no wider (their words wrap) */
.snt-w .snt-rowpick.snt-rowpick-two{flex-flow:column nowrap;align-items:stretch;gap:2px}
.snt-w .snt-rowpick-two>.snt-rowchips{flex-direction:row;justify-content:space-between;align-items:flex-end;
 contain:inline-size}
.snt-w .snt-rowpick-two .jupyter-button.snt-btn.snt-rowbtn{max-width:49%;min-height:32px;font-size:clamp(12px,1.2vw,15px)}
.snt-w .snt-rowpick-two .jupyter-button.snt-rowbtn-right{margin-left:auto;text-align:right}
.snt-w .jupyter-button.snt-btn.snt-rowbtn{position:static;overflow:visible;margin:0;min-height:36px;max-width:9.5em;
 padding:4px 9px;background:#fff;color:#1d1b16;border:2px solid #4d6b53;border-radius:10px;font-weight:700;
 text-align:left;box-shadow:none}
.snt-w .jupyter-button.snt-rowbtn::before{content:"";position:absolute;inset:0;z-index:-1;border-radius:14px}
.snt-w .jupyter-button.snt-rowbtn-left::before{right:50%;border-radius:14px 0 0 14px}
.snt-w .jupyter-button.snt-rowbtn-right::before{left:50%;border-radius:0 14px 14px 0}
.snt-w .jupyter-button.snt-rowbtn:enabled,.snt-w .snt-rowpick:has(.snt-rowbtn:enabled){cursor:pointer}
.snt-w .jupyter-button.snt-rowbtn:enabled:hover{border-color:#1f5fd1}
.snt-w .jupyter-button.snt-rowbtn:enabled:hover::before{background:#cfe0ff;box-shadow:inset 0 0 0 3px #1f5fd1}
.snt-w .jupyter-button.snt-rowbtn:focus-visible::before{background:#cfe0ff;box-shadow:inset 0 0 0 4px #1f5fd1}
.snt-w .jupyter-button.snt-rowbtn.snt-chosen::before{box-shadow:inset 0 0 0 4px #1f5fd1}
.snt-w .jupyter-button.snt-rowbtn:disabled{opacity:1;color:#3d3a33;border-color:#8a826b;cursor:default}
@media (max-width:600px){.snt-w .snt-rowpick:not(.snt-rowpick-two) .jupyter-button.snt-btn.snt-rowbtn{max-width:none}
 /* a phone: the chip under its row is a label more than a target (the whole row is the button), so it
    takes little height and the question, the card and the four rows fit one screen */
 .snt-w .jupyter-button.snt-btn.snt-rowbtn{min-height:26px;padding:2px 8px;font-size:13px;line-height:1.15}}
.snt-w .snt-bar{gap:4px 14px;align-items:center}
.snt-w .snt-bar>.jupyter-widgets{margin:0}
.snt-w .snt-bartext{margin:0;font-size:clamp(13px,1.25vw,15px);line-height:1.3}
.snt-w .widget-checkbox.snt-check{width:auto}
/* A text box, a number box or a list shows where the keyboard is: ipywidgets' own style takes every
   outline off them with !important (.jupyter-widget-text input, .jupyter-widget-dropdown>select). */
.snt-w select:focus-visible,.snt-w input:focus-visible,.snt-w textarea:focus-visible,
.snt-w .widget-text input:focus,.snt-w .widget-dropdown select:focus,.snt-w .snt-link input:focus
{outline:3px solid #1f5fd1!important;outline-offset:1px!important}
.snt-w .snt-panel{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;
 color:#1d1b16;background:#fbf9f3;border:2px solid #8a826b;border-radius:12px;padding:8px 12px;
 font-size:clamp(14px,1.8vw,19px);line-height:1.35;max-width:100%;box-sizing:border-box}
.snt-w .snt-panel p{margin:.2em 0}
.snt-w .snt-title{font-weight:800;font-size:clamp(18px,2.6vw,28px);margin:0 0 2px}
.snt-w .snt-pos{font-weight:700;font-size:clamp(14px,1.8vw,19px);white-space:nowrap}
.snt-w .snt-say{font-size:clamp(16px,2.2vw,24px);font-weight:600}
.snt-w .snt-say-long{font-size:clamp(14px,1.6vw,19px);font-weight:500}
.snt-w .snt-say-longer{font-size:clamp(13px,1.25vw,16px);font-weight:500}
.snt-w .snt-ok{border-color:#0d7a3e;background:#e6f5ea}
.snt-w .snt-bad{border-color:#b3261e;background:#fdeceb}
.snt-w .snt-warn{border-color:#a86f00;background:#fff4d6}
.snt-w .snt-icon-ok,.snt-w .snt-icon-bad{font-weight:900;font-size:1.25em;margin-right:.3em}
.snt-w .snt-icon-ok{color:#0d7a3e}.snt-w .snt-icon-bad{color:#b3261e}
.snt-w .snt-mark-badge{display:inline-block;background:#5b2a86;color:#fff;border-radius:8px;
 padding:1px 8px;font-weight:800;font-size:.85em;margin-left:.4em}
.snt-w .snt-lines{margin:0;padding-left:1.3em;max-height:16em;overflow-y:auto}
.snt-w .snt-lines li{margin:.15em 0}
.snt-w .snt-lines li.snt-you{font-weight:700}
.snt-w .snt-laid{display:flex;flex-wrap:wrap;gap:4px 18px;align-items:center}
.snt-w .snt-laiditem{white-space:nowrap;font-weight:600}
.snt-w .snt-chips{display:inline-flex;flex-wrap:wrap;gap:3px;align-items:center}
.snt-w .snt-chip{display:inline-block;min-width:2.2em;text-align:center;border-radius:5px;
 padding:0 3px;font-weight:800;font-size:.9em;border:1.5px solid #8d86a6;background:#fbf8ef;color:#2b2147}
.snt-w .snt-chip sup{font-size:.62em;font-weight:700;margin-left:1px}
.snt-w .snt-chip.snt-h2{background:#a9d8f5;border-color:#2f78b7;color:#0b2545}
.snt-w .snt-chip.snt-h3{background:#ffc93c;border-color:#a86f00;color:#3b2500}
.snt-w .snt-chip.snt-h5{background:#e94b2c;border-color:#8f1d09;color:#1f0500}
.snt-w .snt-chip.snt-h7{background:#9b2ca8;border-color:#56105f;color:#fff}
.snt-w .snt-chip.snt-down{background:#1e3a6e;border-color:#0c1a36;color:#9fb8e6}
.snt-w .snt-chip.snt-new{outline:3px solid #1f5fd1;outline-offset:1px}
.snt-w table.snt-seats{border-collapse:collapse;width:100%}
.snt-w table.snt-seats th,.snt-w table.snt-seats td{text-align:left;padding:3px 6px;
 border-bottom:1px solid #d6d0bd;vertical-align:middle}
.snt-w table.snt-seats th{font-size:.85em}
.snt-w table.snt-seats td.snt-num{text-align:right;font-variant-numeric:tabular-nums;font-weight:700}
.snt-w table.snt-seats tr.snt-best td{background:#e6f5ea}
.snt-w .snt-felt{background:#f4f1e8;border:2px solid #8a826b;border-radius:14px;padding:6px;
 gap:6px;max-width:100%;box-sizing:border-box}
.snt-w .snt-felt-label{font-family:system-ui,sans-serif;color:#1d1b16;font-weight:800;
 font-size:clamp(14px,1.8vw,19px);width:100%}
.snt-w .jupyter-button.snt-btn{height:auto;min-height:max(40px,var(--jp-widgets-inline-height,28px));line-height:1.2;padding:6px 12px;
 white-space:normal;font-size:clamp(14px,1.6vw,17px);font-weight:600;width:auto;max-width:100%}
.snt-w .jupyter-button.snt-btn:focus-visible,.snt-w .jupyter-button.snt-card-btn:focus-visible{
 outline:3px solid #1f5fd1;outline-offset:2px}
/* Every other control too: any button (a toggle, the file picker), a check box, a slider's handle. */
.snt-w .jupyter-button:focus-visible,.snt-w input[type=checkbox]:focus-visible,
.snt-w .noUi-handle:focus-visible,.snt-w .noUi-handle:focus{outline:3px solid #1f5fd1!important;outline-offset:2px}
.snt-w .jupyter-button.snt-card-btn{width:var(--snt-bw);height:auto;
 min-height:calc(var(--snt-bw) * 96 / 68 + 2.6em);padding:calc(var(--snt-bw) * 96 / 68 + 4px) 2px 4px;
 background-color:#f4f1e8;background-repeat:no-repeat;background-position:center 3px;
 background-size:calc(var(--snt-bw) - 8px) auto;color:#1d1b16;border:3px solid #8a826b;
 border-radius:12px;line-height:1.15;white-space:normal;overflow:visible;font-weight:700;
 font-size:clamp(12px,1.45vw,15px);text-align:center;box-shadow:none}
.snt-w .jupyter-button.snt-card-btn:hover:enabled{border-color:#1f5fd1;transform:translateY(-3px)}
.snt-w .jupyter-button.snt-card-btn.snt-selected{border:5px double #1f5fd1;background-color:#dbe7ff;
 transform:translateY(-6px)}
.snt-w .jupyter-button.snt-card-btn:disabled{opacity:.55}
.snt-w .snt-coachnote{font-size:.9em}
.snt-w .snt-private{text-align:center;padding:18px}
.snt-w .snt-private .snt-say{font-size:clamp(20px,3vw,34px)}
/* Play (PlayTable, GameLauncher): one compact surface. --snt-ph is the height the table and the
   hand share; the app may set --snt-play-h. Table height = 5.65 cw + 86px (4 rows of 68:96 cards),
   its width = 6.6 cw + 64px (7.6 cw + 70px with two-sided rows). Wide (>= 900px): table left,
   everything else in a column right of it; narrow: one column, nothing wider than the box. */
.snt-w.snt-play{--snt-ph:var(--snt-play-h,calc(100vh - 250px));gap:6px}
.snt-w.snt-play .snt-playbody{display:flex;flex-direction:column;overflow:visible;min-width:0;
 --snt-pcw:clamp(30px,min(calc((var(--snt-ph) - 200px) / 7.2),calc((100cqw - 64px) / 6.6)),66px);
 --snt-bw:clamp(46px,min(calc((100cqw - 60px) / 10),calc(var(--snt-pcw) * 1.2)),72px)}
.snt-w.snt-play.snt-twosided .snt-playbody{
 --snt-pcw:clamp(28px,min(calc((var(--snt-ph) - 200px) / 7.2),calc((100cqw - 70px) / 7.6)),62px)}
.snt-w.snt-play .snt-playbody>*{margin:0 0 6px;min-width:0;max-width:100%}
.snt-w.snt-play .snt-playbody>.widget-html:has(>.widget-html-content:empty),
.snt-w.snt-play .snt-playbody>.widget-box:empty{display:none}
.snt-w.snt-play .snt{--snt-cw:var(--snt-pcw,56px);--snt-gap:clamp(2px,.45vw,6px)}
.snt-w.snt-play .snt-rowhead{width:max(34px,calc(var(--snt-cw) * .6))}
.snt-w.snt-play .snt-rowno{font-size:clamp(15px,calc(var(--snt-cw) * .36),26px);line-height:1.1}
.snt-w.snt-play .snt-mark{font-size:clamp(11px,calc(var(--snt-cw) * .2),15px);line-height:1.1}
.snt-w.snt-play .snt-free{font-size:clamp(10px,calc(var(--snt-cw) * .16),13px)}
.snt-w.snt-play .snt-table>figcaption{font-size:clamp(14px,1.4vw,17px);margin:0 4px 4px}
.snt-w.snt-play .snt-panel{padding:4px 10px;font-size:clamp(14px,1.3vw,16px);border-radius:10px}
.snt-w.snt-play .snt-say{font-size:clamp(15px,1.5vw,18px)}
.snt-w.snt-play .snt-title{font-size:clamp(16px,1.7vw,20px)}
.snt-w .snt-slim p{margin:0}
.snt-w.snt-play .snt-laid{gap:2px 14px}
.snt-w.snt-play .snt-lines{max-height:12em}
.snt-w.snt-play .snt-felt{padding:6px;gap:6px}
.snt-w.snt-play .jupyter-button.snt-card-btn{margin:2px;font-size:clamp(11px,calc(var(--snt-bw) * .19),14px);
 padding:calc(var(--snt-bw) * 96 / 68 + 3px) 1px 3px;min-height:calc(var(--snt-bw) * 96 / 68 + 2.6em)}
@container (min-width:900px){
 .snt-w.snt-play .snt-playbody{display:grid;grid-template-columns:max-content minmax(0,1fr);
  grid-template-rows:repeat(14,auto) 1fr;column-gap:14px;align-items:start;
  --snt-pcw:clamp(34px,min(calc((var(--snt-ph) - 86px) / 5.65),calc((50cqw - 64px) / 6.6)),66px);
  --snt-bw:clamp(48px,calc((100cqw - 6.6 * var(--snt-pcw) - 200px) / 10),76px)}
 .snt-w.snt-play.snt-twosided .snt-playbody{
  --snt-pcw:clamp(30px,min(calc((var(--snt-ph) - 86px) / 5.65),calc((55cqw - 70px) / 7.6)),62px);
  --snt-bw:clamp(48px,calc((100cqw - 7.6 * var(--snt-pcw) - 206px) / 10),76px)}
 .snt-w.snt-play .snt-playbody>*{grid-column:2}
 .snt-w.snt-play .snt-playbody>.snt-tablecell{grid-column:1;grid-row:1/-1}
}
/* Targets (last, over the sizes above): with a mouse at least 24×24 CSS px (WCAG 2.5.8) — a slider's
   handle answers 10 px around it (noUiSlider's touch area), a check box is 20 px. On a touch screen
   (any coarse pointer: phones, tablets, touch Chromebooks) every control is at least 44×44 CSS px
   (WCAG 2.5.5): ipywidgets' own sizes (28 px controls, a 16 px handle, a 13 px check box) through
   their variables (the lessons' own buttons take the larger of theirs and it). A mouse keeps the
   compact buttons a laptop's height needs. */
.snt-w{--jp-widgets-slider-handle-size:24px}
.snt-w .noUi-touch-area{position:absolute;inset:-10px;width:auto;height:auto}
.snt-w .widget-checkbox input[type=checkbox]{width:20px;height:20px;margin:4px}
@media (any-pointer:coarse){
 .snt-w{--jp-widgets-inline-height:44px;--jp-widgets-slider-handle-size:28px}
 .snt-w .noUi-touch-area{inset:-9px}
 .snt-w .widget-toggle-buttons .jupyter-button{min-width:44px}
 .snt-w .widget-checkbox input[type=checkbox]{width:24px;height:24px;margin:10px}
}
"""


def css() -> str:
    """The engine's STYLE plus the widget CSS, as one <style> element."""
    return f"<style>{render.STYLE}{WIDGET_CSS}</style>"


def esc(text: Any) -> str:
    return escape(str(text), quote=True)



def error_words(error: BaseException, lang: str = "en") -> str:
    """An error in ``lang`` when it can say itself (``exc.words(lang)``), else its own text."""
    words = getattr(error, "words", None)
    if callable(words):
        try:
            return str(words(lang))
        except Exception:  # noqa: BLE001 - a learner sees the error's own words rather than none
            pass
    return str(error)


def cards_words(n: int, lang: str = "en") -> str:
    """'1 card', '5 cards' ('5 karet', '20 de cărți')."""
    return text("count.cards", lang, n=n)


def variant_name(name: str, lang: str = "en") -> str:
    """A variant's name as its language's rulebook says it ('Tactics', 'Taktika', 'Tactică': the
    engine's ``rules.variant_name``, one set of names); rules of one's own keep their own name
    ('Refined twins')."""
    from sixnimmt_core.engine import rules

    return rules.variant_name(name, lang) if name in rules.VARIANTS else name.capitalize()


def game_title(variant: str | None, lang: str = "en") -> str:
    """'6 nimmt! — Tactics' ('6 bere! — Taktika'); the game's name alone without a variant."""
    if variant is None:
        return text("game.name", lang, domain=WIDGETS)
    return text("game.title", lang, domain=WIDGETS, game=text("game.name", lang, domain=WIDGETS), variant=variant_name(variant, lang))


def flex(children: Iterable[W.Widget] = (), *, column: bool = False, cls: str = "",
         align: str = "center") -> W.Box:
    """A wrapping flex box (row by default)."""
    layout = W.Layout(display="flex", flex_flow="column" if column else "row wrap",
                      align_items="stretch" if column else align, width="100%" if column else "auto",
                      max_width="100%")
    box = W.Box(list(children), layout=layout)
    box.add_class("snt-flex")
    for c in cls.split():
        box.add_class(c)
    return box


def button(description: str, tooltip: str = "", *, on_click: Callable[[Any], None] | None = None,
           style: str = "", disabled: bool = False) -> W.Button:
    """A text button (keyboard: Tab to it, Enter or Space presses it)."""
    b = W.Button(description=description, tooltip=tooltip or description, button_style=style,
                 disabled=disabled, layout=W.Layout(width="auto", height="auto"))
    b.add_class("snt-btn")
    if on_click is not None:
        b.on_click(on_click)
    return b


def checkbox(description: str, tooltip: str = "", *, value: bool = False) -> W.Checkbox:
    """An on/off setting whose visible label names it (the label is its accessible name)."""
    c = W.Checkbox(value=value, description=description, tooltip=tooltip or description, indent=False,
                   layout=W.Layout(width="auto"))
    c.add_class("snt-check")
    return c


def card_class(card: int) -> str:
    return f"snt-cb{card}"


_CARD_RULES: dict[int, str] = {}


def card_rule(card: int) -> str:
    """A CSS rule that paints ``card``'s picture (render.card_svg) on a card button."""
    rule = _CARD_RULES.get(card)
    if rule is None:
        svg = render.card_svg(card).replace("<title>", "<!--").replace("</title>", "-->")
        uri = "data:image/svg+xml;charset=utf-8," + quote(svg, safe=" =:/,.;'-()")
        rule = f'.snt-w .jupyter-button.{card_class(card)}{{background-image:url("{uri}")}}'
        _CARD_RULES[card] = rule
    return rule


def card_button(card: int, label: str, tooltip: str, *, on_click: Callable[[Any], None] | None = None) -> W.Button:
    """A button drawn as the card, with a visible text label under the picture.

    The label is the button's accessible name, so it should carry the card's number and heads
    ("Play 29, 1 head": ``f"Play {card_name(29)}"``); the picture is a CSS background.
    """
    b = W.Button(description=label, tooltip=tooltip, layout=W.Layout(width="auto", height="auto"))
    b.add_class("snt-card-btn")
    b.add_class(card_class(card))
    b.card = card
    if on_click is not None:
        b.on_click(on_click)
    return b


class CardStyles:
    """Hidden <style> widgets: the CSS once, then the pictures of the cards shown as buttons.

    Pictures are only ever added, in small batches, so a long match never resends them all.
    """

    def __init__(self) -> None:
        self.cards: set[int] = set()
        self.widget = W.Box([W.HTML(css())], layout=W.Layout(display="none"))
        self.widget.add_class("snt-style")

    def need(self, cards: Iterable[int]) -> None:
        new = sorted(set(cards) - self.cards)
        if new:
            self.cards.update(new)
            rules = "".join(card_rule(c) for c in new)
            self.widget.children = (*self.widget.children, W.HTML(f"<style>{rules}</style>"))


class RowTable(W.VBox):
    """The table: a picture (``value``: ``render.table_html``'s HTML) or, where a row is to be chosen
    (``choose``), the same rows drawn one by one, each row the button that chooses it.

    A chosen row is a box holding the row's drawing (``render.rows_html``, the one drawing of a row)
    and its button(s), a chip at the row's end naming the answer; CSS (``WIDGET_CSS``, "The picture is
    the control") stretches a button over the whole row, so a click or a tap on the row presses it,
    and a real button is reached by Tab and pressed by Enter or Space. ``value`` is always the
    table's picture (what ``table_html`` draws for the same rows). ``row_buttons``: the buttons in
    the table now, in order; ``row_boxes``: the rows' boxes (each: the drawing, then a box of chips).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._html = ""
        self.picture = W.HTML()
        self.row_buttons: list[W.Button] = []
        self.row_boxes: list[W.Box] = []
        self.children = (self.picture,)
        self.add_class("snt-rowtable")

    @property
    def value(self) -> str:
        """The table's picture, as HTML."""
        return self._html

    @value.setter
    def value(self, html: str) -> None:
        self._unpick()
        self._html = self.picture.value = html
        self.children = (self.picture,)

    def _unpick(self) -> None:
        old = [*self.row_boxes, *(c for b in self.row_boxes for c in b.children if not isinstance(c, W.Button))]
        close_all(old, keep=self.row_buttons)  # the buttons are their owner's
        self.row_boxes, self.row_buttons = [], []
        for cls in ("snt", "snt-table", "snt-picking"):
            self.remove_class(cls)
        if len(self.children) > 1:
            close_all(self.children, keep=[self.picture])

    def choose(self, rows: Sequence[Sequence[Any]], buttons: Sequence[Sequence[W.Button]], *,
               caption: str | None = None, highlight: Mapping[str, int] | None = None, two_sided: bool = False,
               lang: str = "en") -> None:
        """Draw ``rows`` (cells as for ``render.table_html``), row i with ``buttons[i]``: one button
        stretches over the whole row; two (a two-sided row), the first over its left half and the
        second over its right half; none, the row is drawn and chooses nothing."""
        if len(buttons) != len(rows):
            raise ValueError(f"{len(rows)} rows, {len(buttons)} lists of buttons")
        self._unpick()
        self._html = render.table_html(rows, highlight=highlight, caption=caption, two_sided=two_sided, lang=lang)
        drawn = render.rows_html(rows, highlight=highlight, two_sided=two_sided, lang=lang)
        for html, mine in zip(drawn, buttons, strict=True):
            sides = ("snt-rowbtn-left", "snt-rowbtn-right") if len(mine) == 2 else ("snt-rowbtn-whole",) * len(mine)
            for b, side in zip(mine, sides, strict=True):
                b.add_class("snt-rowbtn")
                b.add_class(side)
            chips = W.Box(list(mine))
            chips.add_class("snt-rowchips")
            box = W.Box([W.HTML(html), chips])
            box.add_class("snt-rowpick")
            if len(mine) == 2:
                box.add_class("snt-rowpick-two")
            self.row_boxes.append(box)
            self.row_buttons.extend(mine)
        cap = W.HTML(f'<div class="snt-cap">{esc(caption)}</div>' if caption else "")
        body = W.VBox(self.row_boxes)
        body.add_class("snt-rows")
        self.children = (cap, body) if caption else (body,)
        for cls in ("snt", "snt-table", "snt-picking"):
            self.add_class(cls)


def close_all(widgets: Iterable[W.Widget], keep: Iterable[W.Widget] = ()) -> None:
    """Close widgets that are replaced for good (their models leave the page)."""
    kept = {id(w) for w in keep}
    for w in widgets:
        if id(w) not in kept:
            w.close()


def card_name(card: int, lang: str = "en") -> str:
    """"29, 1 head" ("29, 1 hlava")."""
    return f"{card}, {heads_words(heads(card), lang)}"


def chips(cards: Iterable[int], *, new: Iterable[int] = (), face_down: bool = False, empty: str = "—",
          lang: str = "en") -> str:
    """Small cards as text (for compact hands): each its number plus its heads as a superscript."""
    def chip(card: int) -> str:
        if face_down:
            return f'<span class="snt-chip snt-down" title="{esc(text("chip.face_down", lang, domain=WIDGETS))}">?</span>'
        h = heads(card)
        cls = f"snt-chip snt-h{h}" + (" snt-new" if card in new else "")
        return (f'<span class="{cls}" title="{esc(card_name(card, lang))}" data-card="{card}">{card}'
                f'<sup aria-hidden="true">{h}</sup></span>')

    cards = list(cards)
    new = set(new)
    if not cards:
        return f'<span class="snt-none">{esc(empty)}</span>'
    return '<span class="snt-chips">' + "".join(chip(c) for c in cards) + "</span>"


def panel(inner: str, cls: str = "", role: str = "") -> str:
    r = f' role="{role}"' if role else ""
    return f'<div class="snt snt-panel {cls}"{r}>{inner}</div>'


def feedback(ok: bool | None, said: str, lang: str = "en") -> str:
    """A feedback panel whose meaning is in the words and the sign, not only the colour."""
    if ok is None:
        return panel(f"<p>{esc(said)}</p>", "snt-warn", "status")
    icon = (f'<span class="snt-icon-ok" aria-hidden="true">✓</span><b>{esc(text("feedback.right", lang, domain=WIDGETS))}</b> '
            if ok else
            f'<span class="snt-icon-bad" aria-hidden="true">✗</span><b>{esc(text("feedback.wrong", lang, domain=WIDGETS))}</b> ')
    return panel(f"<p>{icon}{esc(said)}</p>", "snt-ok" if ok else "snt-bad", "status")


def root(children: Iterable[W.Widget], box: W.Box) -> None:
    """Make ``box`` a top-level widget: flex column, the root class, the given children."""
    box.children = tuple(children)
    box.layout = W.Layout(display="flex", flex_flow="column", align_items="stretch", max_width="100%",
                          width="100%")
    box.add_class(ROOT_CLASS)
