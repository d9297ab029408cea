/// The text of `thumbgen --help` and `thumbgen help COMMAND`: short, with examples.
enum Help {
    static let version = "0.2.0"

    static let overview = """
        thumbgen \(version): decode each image once, straight to the pixel sizes its display slots
        need, write the renditions beside the originals and a JSON index for clients.

        usage: thumbgen [COMMAND] [MANIFEST] [OPTIONS]      (MANIFEST defaults to ./manifest.yaml)

        commands:
          build     build or update renditions and the index (the default)
          check     exit 1 if any rendition or the index is missing or stale; writes nothing
          clean     delete the renditions the index lists, then the index; nothing else
          merge     join shard indexes (from build --shard K/N) into the index
          report    write report.html beside the index
          html      rewrite <img data-image data-slot> tags of built pages: html PATH... [--manifest M]
          lookup    print the file a client would show: lookup INDEX IMAGE (--slot S --scale N | --pixels WxH)
          export    write an Xcode asset catalog of the renditions: export xcassets DIR [MANIFEST]
          watch     build, then build again whenever the manifest or an original changes (Ctrl-C stops)
          schema    print the manifest's JSON Schema, for editors' completion and checking

        options:
          -j, --jobs N       workers (default: the number of cores)
          --dry-run          print the plan, each line marked new, reuse or prune, and write nothing
          --force            redo every rendition
          -q, --quiet        print errors only
          --strict           unreadable or unsupported images and files in the way fail build and
                             check (exit 1), each one named
          --json             print the result as one JSON object on standard output, with its
                             problems (severity, file, line, column, message)
          --format github    print problems as GitHub workflow commands, so they show on the lines
                             of a pull request (on by itself when GITHUB_ACTIONS=true)
          --profile          after the summary, CPU seconds by stage (decode, resample, each encoder…)
          --shard K/N        build one deterministic share of the images (also THUMBGEN_SHARD=K/N,
                             or JOB_COMPLETION_INDEX with THUMBGEN_SHARD_COUNT)
          --max-pixels N     refuse originals over N pixels (overrides limits.pixels)
          --version, --help

        examples:
          thumbgen                          build ./manifest.yaml
          thumbgen build site/manifest.yaml --jobs 4
          thumbgen --dry-run                show what would be written
          thumbgen check || thumbgen build  rebuild only when something is stale
          thumbgen lookup site/renditions.json photos/beach.jpg --slot thumb --scale 2

        exit status: 0 done; 1 check found work, or --strict met a problem;
        2 usage or manifest error (nothing written); 3 the build could not finish (I/O failure).
        'thumbgen help COMMAND' describes one command.
        """

    static func text(for topic: String) -> String? {
        switch topic {
        case "build": """
            thumbgen build [MANIFEST] [--jobs N] [--dry-run] [--force] [--quiet] [--strict] [--json]
                           [--format github] [--shard K/N] [--max-pixels N] [--profile]
            Decodes each image listed in MANIFEST once, writes every rendition its slots need beside it
            (name.Thumbnail(WxH).ext) and writes the index. Unchanged images are skipped; files the
            previous index listed and no longer needed are deleted.
              thumbgen build
              thumbgen build site/manifest.yaml --json > summary.json
              thumbgen build --force --profile     where the CPU time goes, stage by stage
            """
        case "check": """
            thumbgen check [MANIFEST] [--json] [--strict] [--format github]
            Writes nothing. Exit 0 when the index and every rendition are up to date, 1 when a build
            has work to do, saying why in words (the original changed, a slot changed size, the
            quality changed, a file was edited by hand), grouped by cause, and what a build would
            prune. --strict also fails on unreadable or unsupported images and files in the way.
              thumbgen check || thumbgen build
              thumbgen check --strict --format github
            """
        case "clean": """
            thumbgen clean [MANIFEST]
            Deletes the renditions the index lists, then the index. Originals and any file the index does
            not list are left alone.
              thumbgen clean site/manifest.yaml
            """
        case "merge": """
            thumbgen merge [MANIFEST]
            Joins the shard indexes written by 'build --shard K/N' into the index, byte for byte what one
            whole build writes, then removes them. Refuses missing, duplicated or foreign shards.
              thumbgen build --shard 1/2 && thumbgen build --shard 2/2 && thumbgen merge
            """
        case "report": """
            thumbgen report [MANIFEST]
            Writes report.html beside the index: every image with its renditions, what was skipped and
            why, and the decoded-memory saving per slot.
              thumbgen report && xdg-open example-site/report.html
            """
        case "html": """
            thumbgen html PATH... [--manifest MANIFEST] [--site-root DIR] [--strict] [--quiet]
            Rewrites each <img data-image="…" data-slot="…"> of the HTML files (folders are searched for
            .html and .htm) into a <picture data-thumbgen> with srcset, sizes, width, height and the
            placeholder, from the index alone, so the page needs no JavaScript. Every other byte stays;
            a second run changes nothing. Links run from each page to the index's folder within the
            site root: --site-root, else the manifest's root when the page is in it, else the folder
            given. An image or slot the index does not know is a warning (exit 1 with --strict).
              thumbgen html example-site/index.html
              hugo && thumbgen html public/ --manifest manifest.yaml
            """
        case "lookup": """
            thumbgen lookup INDEX IMAGE (--slot S --scale N | --pixels WxH) [--accept TYPES] [--json]
            Prints the file a client would show: the (slot, scale) entry, or the smallest file covering
            WxH pixels. --accept lists the media types the client takes (image/avif,image/webp) and
            picks the modern file when there is one. An image the index does not know prints its own
            path.
              thumbgen lookup example-site/renditions.json photos/beach.jpg --slot thumb --scale 3
              thumbgen lookup example-site/renditions.json photos/beach.jpg --pixels 400x300
              thumbgen lookup example-site/renditions.json photos/beach.jpg --slot card --scale 2 --accept image/avif
            """
        case "export": """
            thumbgen export xcassets DIR [MANIFEST] [--quiet]
            Writes an Xcode asset catalog at DIR (a folder ending in .xcassets, or a group inside one)
            from the index: for each (image, slot) whose scales are among 1, 2 and 3, an imageset
            <image path without extension, / as ->-<slot> holding the files the index shows at 1x, 2x
            and 3x (hard links where the file system allows, else copies) and its Contents.json.
            Animated, unreadable and unsupported images, and slots with other scales, are left out
            with a note. Only imagesets thumbgen wrote (recorded in DIR/.thumbgen-xcassets.json) are
            ever replaced or removed; a second run changes nothing.
              thumbgen export xcassets App/Assets.xcassets
              thumbgen build && thumbgen export xcassets App/Thumbnails.xcassets site/manifest.yaml
            """
        case "watch": """
            thumbgen watch [MANIFEST] [--jobs N] [--quiet]
            Builds, then watches the manifest and the folders under root (inotify) and builds again
            after each change: an edited or replaced original, a new file a glob matches, an edited
            manifest. Editors' saves (a temporary file renamed over the original) count once a burst
            of changes has been quiet for 0.1 s. One line per build; a broken manifest prints its
            errors and waits. Ctrl-C (or SIGTERM) stops it, after the build under way, with status 0.
              thumbgen watch site/manifest.yaml
            """
        case "schema": """
            thumbgen schema
            Prints the manifest's JSON Schema (draft 2020-12): every key with its description, default,
            range and allowed values. Save it beside the manifest and name it on the manifest's first
            line, and YAML editors (VS Code's YAML extension, any yaml-language-server client)
            complete and check the manifest as you type:
              thumbgen schema > manifest.schema.json
              # yaml-language-server: $schema=manifest.schema.json
            """
        case "help": "thumbgen help [COMMAND]: describe thumbgen, or one command."
        case "version": "thumbgen --version: print the version, then the rendering version and the codec libraries' versions that go into every recipe."
        default: nil
        }
    }
}
