#!/usr/bin/perl
# SPDX-License-Identifier: MIT
# tests/cli/keyword-args.pl - the calls of xgettext's keywords (KEYWORDS, the Makefile's
# XGETTEXT_KEYWORDS) whose message comes after a brace at the call's own level, a compound
# literal such as (junqi_loc){-1, -1, 1, col}: xgettext's C parser does not count braces, so it
# takes their commas for arguments' and extracts another string or none, and the message is
# never translated (the cr-line-ends error was English under zh_CN). Prints FILE:LINE for each;
# run by i18n.sh.
use strict;
use warnings;

my %keyword = map { /^-k(\w+):(\d+)/ ? ($1 => $2) : () } split ' ', $ENV{KEYWORDS} // '';
my $names = join '|', keys %keyword;

# The index after the string or character literal that opens at $i (its quote).
sub skip_literal {
    my ($text, $i) = @_;
    my $quote = substr $text, $i++, 1;
    while ($i < length $text) {
        my $c = substr $text, $i++, 1;
        return $i if $c eq $quote;
        $i++ if $c eq '\\';
    }
    return $i;
}

# Whether the call whose '(' ends at $i has a brace at its own level before its first string.
sub brace_before_message {
    my ($text, $i) = @_;
    my ($depth, $brace) = (1, 0);
    while ($i < length $text && $depth > 0) {
        my $c = substr $text, $i, 1;
        return $brace if $c eq '"' && $depth == 1;
        if ($c eq '"' || $c eq "'") { $i = skip_literal($text, $i); next }
        $depth += ($c eq '(') - ($c eq ')');
        $brace ||= $c eq '{' && $depth == 1;
        $i++;
    }
    return 0;
}

exit 0 unless $names;
for my $file (@ARGV) {
    open my $fh, '<', $file or die "$file: $!\n";
    my $text = do { local $/; <$fh> };
    while ($text =~ /\b($names)\s*\(/g) {
        next unless brace_before_message($text, pos $text);
        my $line = 1 + (substr($text, 0, pos $text) =~ tr/\n//);
        print "$file:$line: $1(): a brace before the message, which xgettext would not extract\n";
    }
}
