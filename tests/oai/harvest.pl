#!/usr/bin/perl
# Harvests an OAI-PMH repository with HTTP::OAI's harvester (Debian: libhttp-oai-perl), following
# resumption tokens, and prints one line per record: identifier, datestamp, "deleted" or "live",
# and the Dublin Core title. An OAI error prints "error" and its code.
#   perl harvest.pl BASE_URL [FROM]
use strict;
use warnings;
use HTTP::OAI;
use HTTP::OAI::Metadata::OAI_DC;

binmode STDOUT, ':encoding(UTF-8)';
my ($base_url, $from) = @ARGV;
die "usage: harvest.pl BASE_URL [FROM]\n" unless $base_url;

my $harvester = HTTP::OAI::Harvester->new(baseURL => $base_url, resume => 1);
my %arguments = (
    metadataPrefix => 'oai_dc',
    handlers => { metadata => 'HTTP::OAI::Metadata::OAI_DC' },
    onRecord => sub {
        my ($record) = @_;
        my $deleted = $record->header->is_deleted;
        my $title = $deleted ? '' : join(' | ', @{ $record->metadata->dc->{title} || [] });
        print join("\t", $record->identifier, $record->datestamp, $deleted ? 'deleted' : 'live', $title), "\n";
    },
);
$arguments{from} = $from if defined $from;
my $response = $harvester->ListRecords(%arguments);
die 'harvest failed: ' . $response->code . ' ' . $response->message . "\n" if $response->is_error;
print join("\t", 'error', $_->code), "\n" for $response->errors;
