#!/usr/bin/env bash
# Regenerates the demo school's lesson media in examples/demo-school/media/ (committed; the demo
# pack's lessons name them, and an import stores them in the media storage). Everything here is made for this project:
# test patterns, tones and text drawn by Debian's ffmpeg, and a PDF written by a small Node
# script. Needs: ffmpeg (5.1), fonts-noto-cjk, zip, node.
#   bash apps/server/scripts/make-seed-media.sh
# Lengths and page counts are measured again at import: nothing to update by hand.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/../../../examples/demo-school/media"
mkdir -p "$out/lesson-hls" "$out/slides"
rm -f "$out"/lesson-hls/* "$out"/slides/*

# Noto Sans CJK Bold (Debian's fonts-noto-cjk) draws both the Chinese and the Latin text.
font="$(fc-match -f '%{file}' 'Noto Sans CJK SC:bold')"
# No encoder version strings or creation times in the files: regenerating gives the same bytes.
quiet=(-hide_banner -loglevel error -y)
exact=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)

# lesson.mp4: 20 s, 320x180 at 15 fps, H.264 + AAC. A moving test pattern with a large running
# clock (m:ss) so a screenshot shows where playback is; a 440 Hz tone with a higher blip on
# every whole second. Keyframe every 2 s (HLS cuts there); moov atom first (+faststart) so a
# browser starts playing before the whole file arrives.
ffmpeg "${quiet[@]}" \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=20" \
  -f lavfi -i "aevalsrc='0.2*sin(2*PI*440*t)+0.3*sin(2*PI*880*t)*lt(mod(t\,1)\,0.08)':s=22050:d=20" \
  -vf "drawbox=x=60:y=40:w=200:h=100:color=black@0.6:t=fill,\
drawtext=fontfile='$font':text='%{eif\:floor(t/60)\:d}\:%{eif\:mod(floor(t)\,60)\:d\:2}':fontsize=64:fontcolor=white:x=(w-text_w)/2:y=48,\
drawtext=fontfile='$font':text='课程视频 Lesson video':fontsize=16:fontcolor=white:x=(w-text_w)/2:y=118" \
  -c:v libx264 -preset veryslow -profile:v main -pix_fmt yuv420p -crf 30 -g 30 -keyint_min 30 -sc_threshold 0 -threads 1 \
  -c:a aac -b:a 32k -ac 1 \
  "${exact[@]}" -movflags +faststart -shortest "$out/lesson.mp4"

# lesson-hls/: the same clip as HLS (VOD playlist, 6 s MPEG-TS segments named relative to it).
ffmpeg "${quiet[@]}" -i "$out/lesson.mp4" -c copy "${exact[@]}" \
  -f hls -hls_time 6 -hls_playlist_type vod -hls_segment_filename "$out/lesson-hls/segment-%d.ts" \
  "$out/lesson-hls/index.m3u8"

# lesson.mp3: 15 s, mono 48 kb/s. A slow two-note tone with a click on every whole second.
ffmpeg "${quiet[@]}" \
  -f lavfi -i "aevalsrc='0.25*sin(2*PI*(330+110*lt(mod(t\,4)\,2))*t)+0.3*sin(2*PI*1320*t)*lt(mod(t\,1)\,0.05)':s=22050:d=15" \
  -c:a libmp3lame -b:a 48k -ac 1 "${exact[@]}" -id3v2_version 0 -write_xing 1 "$out/lesson.mp3"

# slides/slide-N.webp: 960x540 slides with a title. No slide number on the picture: the viewer
# shows "Slide n of m" under it, and a number drawn here read as the counter twice.
titles=("开始之前 Before we start" "核心概念 Core ideas" "动手实践 Hands-on practice" "总结 Wrap-up")
colours=("0x1d4ed8" "0x047857" "0xb45309" "0x7c3aed")
for i in 0 1 2 3; do
  n=$((i + 1))
  ffmpeg "${quiet[@]}" -f lavfi -i "color=c=${colours[$i]}:s=960x540:d=1" \
    -vf "drawtext=fontfile='$font':text='${titles[$i]}':fontsize=56:fontcolor=white:x=(w-text_w)/2:y=170,\
drawtext=fontfile='$font':text='演示学校 · Demo School':fontsize=28:fontcolor=white@0.85:x=(w-text_w)/2:y=270" \
    -frames:v 1 -c:v libwebp -quality 70 -compression_level 6 "${exact[@]}" "$out/slides/slide-$n.webp"
done

# lesson.pdf: 4 pages, a big page number and a title on each (also the lecture handout).
node "$here/make-seed-pdf.mjs" "$out/lesson.pdf"

# exercises.zip: the download of the OTHER lesson and the lecture's exercise files. Fixed file
# times and no extra attributes, so the archive's bytes do not depend on when it was made.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/exercises"
cat >"$work/exercises/README.txt" <<'TXT'
Demo School - exercise files / 演示学校 练习素材

1. exercise-1.txt: warm-up questions for chapter 1.
2. exercise-2.txt: a small project for chapter 2.
Write your answers in a new file and compare them with the video walkthrough.
TXT
cat >"$work/exercises/exercise-1.txt" <<'TXT'
Exercise 1 / 练习一
- Explain the lesson's main idea in two sentences.
- List three places where you could use it this week.
TXT
cat >"$work/exercises/exercise-2.txt" <<'TXT'
Exercise 2 / 练习二
Build the example from lesson 3 again without looking at the video,
then change one thing and describe what happened.
TXT
touch -d '2026-01-01 00:00:00 UTC' "$work/exercises" "$work"/exercises/*
(cd "$work" && TZ=UTC zip -q -X -r "$out/exercises.zip.tmp" exercises)
mv "$out/exercises.zip.tmp" "$out/exercises.zip"

du -ab "$out" | sort -k2
